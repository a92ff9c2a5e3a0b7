/** Surface patterns for textiles (fabric, cushion, blanket, t-shirts) and jar contents. */
export const PATTERNS = ['plain', 'stripes', 'dots', 'check'] as const;
export type Pattern = (typeof PATTERNS)[number];

/**
 * Pattern geometry over the whole canvas, clipped to each shape by `paint`. Plain paths
 * rasterise several times faster than SVG `<pattern>` fills.
 */
export function patternPaths(pattern: Pattern, accent: string): string {
  const range = (n: number, step: number) => Array.from({ length: n }, (_, i) => i * step);
  switch (pattern) {
    case 'stripes':
      return `<path d="${range(18, 56)
        .map((y) => `M0 ${y}h1000v20h-1000Z`)
        .join('')}" fill="${accent}"/>`;
    case 'dots': {
      const dot = (x: number, y: number) => `M${x - 7} ${y}a7 7 0 1 0 14 0a7 7 0 1 0 -14 0`;
      const dots = range(21, 48).flatMap((x) =>
        range(21, 48).map((y) => dot(x + 12, y + 12) + dot(x + 36, y + 36)),
      );
      return `<path d="${dots.join('')}" fill="${accent}"/>`;
    }
    case 'check':
      return `<path d="${range(16, 64)
        .map((x) => `M${x} 0h32v1000h-32Z`)
        .join('')}" fill="${accent}" fill-opacity="0.45"/>
<path d="${range(16, 64)
        .map((y) => `M0 ${y}h1000v32h-1000Z`)
        .join('')}" fill="${accent}" fill-opacity="0.45"/>`;
    default:
      return '';
  }
}
