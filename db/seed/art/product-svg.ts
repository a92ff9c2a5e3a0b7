import { FULL_IMAGE_SIZE } from '#app/domain/media/images.server.ts';
import { luminance, mix, parseHex, shade, tint, toHex } from './colours.ts';
import { FONT, MOTIF_DRAWINGS, type Motif, type Palette } from './motifs.ts';
import { type Pattern, patternPaths } from './patterns.ts';

export type ProductImageSpec = {
  /** File stem: lower-case letters, digits and dashes. */
  key: string;
  title: string;
  /** Second text line, e.g. the variation "Rot / M" or "Rückseite". */
  subtitle?: string;
  /** Main colour of the drawn product, `#rrggbb`. */
  color: string;
  /** Accent colour (labels, prints, background tint), `#rrggbb`. */
  accent: string;
  motif: Motif;
  /** 0 is the main view; other numbers show another angle on another background. */
  view?: number;
  /** Surface pattern for textiles (fabric, cushion, blanket, t-shirts) and jar contents. */
  pattern?: Pattern;
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[ch]};`,
  );
}

/** The product picture as SVG, sized so that sharp rasterises it at full size without scaling. */
export function buildProductSvg(spec: ProductImageSpec): string {
  const view = spec.view ?? 0;
  const c = toHex(parseHex(spec.color));
  const a = toHex(parseHex(spec.accent));
  // Very light products get a darker outline so that they stand out from the pale background.
  const line = luminance(c) > 0.7 ? shade(c, 0.38) : shade(c, 0.3);
  const p: Palette = {
    c,
    cd: shade(c, 0.22),
    cdd: shade(c, 0.42),
    cl: tint(c, 0.3),
    a,
    ad: shade(a, 0.25),
    al: tint(a, 0.45),
    line,
    alt: view % 2 === 1,
    pattern: spec.pattern ?? 'plain',
    paint: () => '',
  };
  const texture = patternPaths(p.pattern, a);
  let clips = 0;
  p.paint = (tag, attrs) => {
    if (!texture) return `<${tag} ${attrs} fill="${c}" stroke="${line}" stroke-width="5"/>`;
    const id = `surface${++clips}`;
    return `<${tag} ${attrs} fill="${c}"/><clipPath id="${id}"><${tag} ${attrs}/></clipPath><g clip-path="url(#${id})">${texture}</g><${tag} ${attrs} fill="none" stroke="${line}" stroke-width="5"/>`;
  };
  const motif = MOTIF_DRAWINGS[spec.motif](p);
  const scene = background(p, view);
  const transform =
    view % 3 === 0
      ? ''
      : view % 3 === 1
        ? 'translate(500 450) rotate(-6) scale(1.07) translate(-500 -450)'
        : 'translate(500 450) rotate(5) scale(0.94) translate(-500 -450)';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${FULL_IMAGE_SIZE}" height="${FULL_IMAGE_SIZE}" viewBox="0 0 1000 1000">
<defs>
${scene.defs}
<radialGradient id="shadow"><stop offset="0" stop-color="#1d2430" stop-opacity="0.32"/><stop offset="1" stop-color="#1d2430" stop-opacity="0"/></radialGradient>
<linearGradient id="gloss" x1="0" x2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.38"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(a, 0.2)}"/><stop offset="1" stop-color="${shade(c, 0.1)}"/></linearGradient>
</defs>
${scene.body}
<ellipse cx="${view % 3 === 1 ? 520 : 500}" cy="752" rx="300" ry="38" fill="url(#shadow)"/>
<g transform="${transform}" stroke-linejoin="round" stroke-linecap="round">
${motif}
</g>
${caption(spec)}
</svg>`;
}

function background(p: Palette, view: number): { defs: string; body: string } {
  const paleA = tint(p.a, 0.9);
  const paleC = tint(p.c, 0.88);
  switch (view % 3) {
    case 1:
      return {
        defs: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${mix(paleC, '#ffffff', 0.3)}"/><stop offset="1" stop-color="${tint(p.a, 0.78)}"/></linearGradient>
`,
        // One path of slanted stripes: cheaper to rasterise than a pattern or many elements.
        body: `<rect width="1000" height="1000" fill="url(#bg)"/>
<path d="${Array.from({ length: 32 }, (_, i) => `M${-560 + i * 50} 800 l560 -800 h14 l-560 800 Z`).join('')}" fill="${p.a}" fill-opacity="0.07"/>
<rect x="120" y="690" width="760" height="110" rx="24" fill="#ffffff" opacity="0.5"/>
<rect x="0" y="800" width="1000" height="200" fill="#ffffff" opacity="0.82"/>`,
      };
    case 2:
      return {
        defs: `<radialGradient id="bg" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${mix(paleA, paleC, 0.5)}"/></radialGradient>`,
        body: `<rect width="1000" height="1000" fill="url(#bg)"/>
<circle cx="860" cy="150" r="180" fill="${p.a}" opacity="0.1"/><circle cx="130" cy="640" r="120" fill="${p.c}" opacity="0.08"/>
<rect x="0" y="800" width="1000" height="200" fill="#ffffff" opacity="0.75"/>`,
      };
    default:
      return {
        defs: `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(p.a, 0.93)}"/><stop offset="0.78" stop-color="${tint(p.a, 0.8)}"/><stop offset="0.78" stop-color="#ffffff"/></linearGradient>
<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
        body: `<rect width="1000" height="1000" fill="url(#bg)"/><circle cx="500" cy="440" r="380" fill="url(#spot)"/>`,
      };
  }
}

function caption(spec: ProductImageSpec): string {
  const maxWidth = 860;
  const width = (text: string, size: number) => text.length * size * 0.56;
  let lines = [spec.title];
  let size = Math.min(56, maxWidth / (spec.title.length * 0.56));
  if (size < 40) {
    lines = splitInTwo(spec.title);
    size = Math.min(46, ...lines.map((l) => (maxWidth / width(l, 1)) | 0));
  }
  const subtitleSize = 32;
  const hasSubtitle = Boolean(spec.subtitle);
  const block = lines.length * size * 1.15 + (hasSubtitle ? subtitleSize * 1.5 : 0);
  let y = 900 - block / 2 + size * 0.85;
  const out: string[] = [
    `<rect x="470" y="${Math.round(y - size * 0.85 - 26)}" width="60" height="6" rx="3" fill="${spec.accent}" opacity="0.9"/>`,
  ];
  for (const line of lines) {
    out.push(
      `<text x="500" y="${y.toFixed(1)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${size.toFixed(1)}" fill="#1d2430">${escapeXml(line)}</text>`,
    );
    y += size * 1.15;
  }
  if (spec.subtitle) {
    const s = Math.min(subtitleSize, maxWidth / (spec.subtitle.length * 0.52));
    out.push(
      `<text x="500" y="${(y + 6).toFixed(1)}" text-anchor="middle" font-family="${FONT}" font-size="${s.toFixed(1)}" fill="#5b6472" letter-spacing="1">${escapeXml(spec.subtitle)}</text>`,
    );
  }
  return out.join('\n');
}

function splitInTwo(text: string): string[] {
  const words = text.split(' ');
  if (words.length < 2) return [text];
  let best = 1;
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const diff = Math.abs(words.slice(0, i).join(' ').length - words.slice(i).join(' ').length);
    if (diff < bestDiff) [best, bestDiff] = [i, diff];
  }
  return [words.slice(0, best).join(' '), words.slice(best).join(' ')];
}
