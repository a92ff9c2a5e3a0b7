import type { ReactNode } from 'react';

/** Text with `{name}` placeholders replaced by elements (links inside a sentence). */
export function withParts(text: string, parts: Record<string, ReactNode>): ReactNode[] {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const match = /^\{(\w+)\}$/.exec(piece);
    return match && parts[match[1]!] !== undefined ? (
      <span key={i}>{parts[match[1]!]}</span>
    ) : (
      piece
    );
  });
}
