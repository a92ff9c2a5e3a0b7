import type { Pattern } from './patterns.ts';
import { mix, onColor, shade, tint } from './colours.ts';

/** The products a demo picture can show. */
export const MOTIFS = [
  'bag',
  'bottle',
  'wine',
  'beer',
  'can',
  'carton',
  'crate',
  'jar',
  'tin',
  'box',
  'bar',
  'mug',
  'tshirt',
  'longsleeve',
  'hoodie',
  'sneaker',
  'slipper',
  'beanie',
  'socks',
  'tote',
  'charger',
  'cable',
  'powerbank',
  'headphones',
  'speaker',
  'lamp',
  'floorlamp',
  'teddy',
  'blocks',
  'puzzle',
  'fabric',
  'cushion',
  'blanket',
  'candle',
  'book',
  'notebook',
  'phone',
  'tablet',
  'laptop',
  'coffeemachine',
] as const;
export type Motif = (typeof MOTIFS)[number];

export const FONT = "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";

export type Palette = {
  c: string;
  cd: string;
  cdd: string;
  cl: string;
  a: string;
  ad: string;
  al: string;
  line: string;
  alt: boolean;
  pattern: Pattern;
  /** Draws a shape (`tag` with geometry `attrs`) in the product colour, its pattern and outline. */
  paint: (tag: string, attrs: string) => string;
};

// Drawn in a 1000 × 1000 box: the product stands on y ≈ 740 and is centred on x = 500.

const lines = (x: number, y: number, w: number, n: number, gap: number, color: string, op = 1) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<rect x="${x}" y="${y + i * gap}" width="${i === n - 1 ? w * 0.6 : w}" height="9" rx="4.5" fill="${color}" opacity="${op}"/>`,
  ).join('');

const label = (x: number, y: number, w: number, h: number, p: Palette, inner = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#fffdf7" stroke="${p.ad}" stroke-width="3"/>
<rect x="${x}" y="${y + 18}" width="${w}" height="${Math.round(h * 0.22)}" fill="${p.a}"/>${inner}`;

const gloss = (x: number, y: number, w: number, h: number, r = 20) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#gloss)"/>`;

function bottleShape(
  x0: number,
  x1: number,
  neckW: number,
  top: number,
  shoulder: number,
  bottom = 740,
) {
  const cx = (x0 + x1) / 2;
  const n0 = cx - neckW / 2;
  const n1 = cx + neckW / 2;
  return `M${n0} ${top} L${n1} ${top} L${n1} ${shoulder - 70} C${n1} ${shoulder - 20} ${x1} ${shoulder - 30} ${x1} ${shoulder + 40} L${x1} ${bottom - 24} Q${x1} ${bottom} ${x1 - 24} ${bottom} L${x0 + 24} ${bottom} Q${x0} ${bottom} ${x0} ${bottom - 24} L${x0} ${shoulder + 40} C${x0} ${shoulder - 30} ${n0} ${shoulder - 20} ${n0} ${shoulder - 70} Z`;
}

function tshirtPath(long: boolean): string {
  return long
    ? 'M380 200 L300 228 Q250 250 235 320 L200 640 L268 652 L320 400 L332 740 L668 740 L680 400 L732 652 L800 640 L765 320 Q750 250 700 228 L620 200 Q500 262 380 200 Z'
    : 'M380 200 L300 228 L200 340 L280 410 L330 362 L330 740 L670 740 L670 362 L720 410 L800 340 L700 228 L620 200 Q500 262 380 200 Z';
}

function garment(p: Palette, kind: 'tshirt' | 'longsleeve' | 'hoodie'): string {
  const long = kind !== 'tshirt';
  const body = `${p.paint('path', `d="${tshirtPath(long)}"`)}`;
  const shadowFold = `<path d="M330 362 L330 740 L372 740 L360 380 Z" fill="#000" opacity="0.07"/><path d="M670 362 L670 740 L630 740 L642 380 Z" fill="#000" opacity="0.05"/>`;
  const hem = `<path d="M332 716 L668 716" stroke="${p.line}" stroke-width="3" stroke-dasharray="10 8" fill="none"/>`;
  const cuffs = long
    ? `<path d="M205 612 L272 624" stroke="${p.line}" stroke-width="3" stroke-dasharray="8 7"/><path d="M795 612 L728 624" stroke="${p.line}" stroke-width="3" stroke-dasharray="8 7"/>`
    : `<path d="M216 358 L282 414" stroke="${p.line}" stroke-width="3" stroke-dasharray="8 7"/><path d="M784 358 L718 414" stroke="${p.line}" stroke-width="3" stroke-dasharray="8 7"/>`;
  if (kind === 'hoodie') {
    const hood = p.alt
      ? `<path d="M392 205 Q500 120 608 205 Q600 300 500 312 Q400 300 392 205 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>`
      : `<path d="M380 200 Q500 100 620 200 Q590 290 500 292 Q410 290 380 200 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/><path d="M418 212 Q500 160 582 212 Q560 262 500 264 Q440 262 418 212 Z" fill="${p.cdd}"/>`;
    const front = p.alt
      ? ''
      : `<path d="M400 560 L600 560 L630 680 L370 680 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="4"/>
<path d="M470 268 L462 380 M530 268 L538 380" stroke="${p.al}" stroke-width="7"/><circle cx="462" cy="386" r="8" fill="${p.a}"/><circle cx="538" cy="386" r="8" fill="${p.a}"/>`;
    return body + shadowFold + hem + cuffs + hood + front;
  }
  const neck = `<path d="M380 200 Q500 262 620 200 Q500 292 380 200 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="4"/>`;
  const print = p.alt
    ? `<rect x="484" y="228" width="32" height="20" rx="3" fill="${p.a}"/><path d="M500 262 L500 716" stroke="${p.line}" stroke-width="2" opacity="0.35"/>`
    : `<circle cx="500" cy="450" r="82" fill="${p.a}" opacity="0.95"/><path d="M450 470 L482 420 L506 452 L526 428 L556 470 Z" fill="${onColor(p.a)}" opacity="0.9"/><circle cx="530" cy="408" r="11" fill="${onColor(p.a)}" opacity="0.9"/>`;
  return body + shadowFold + neck + hem + cuffs + print;
}

function sneaker(p: Palette, dx = 0, dy = 0, s = 1, mirror = false): string {
  const t = `translate(${500 + dx} ${560 + dy}) scale(${mirror ? -s : s} ${s}) translate(-500 -560)`;
  return `<g transform="${t}">
<path d="M200 650 L800 650 Q830 652 830 684 L830 690 Q828 716 800 716 L232 716 Q196 716 196 682 Z" fill="#f6f3ec" stroke="#b9b3a6" stroke-width="4"/>
<path d="M206 690 L824 690" stroke="${p.a}" stroke-width="8"/>
<path d="M214 652 L222 470 Q226 428 272 426 L386 416 Q420 462 468 474 L566 500 Q712 532 792 590 Q818 614 808 652 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<path d="M214 652 L222 520 Q300 540 330 652 Z" fill="${p.cd}"/>
<path d="M592 520 Q720 548 800 612 Q804 636 796 652 L640 652 Q600 590 592 520 Z" fill="${p.cl}" opacity="0.55"/>
<path d="M300 600 Q430 560 560 612 Q470 600 320 630 Z" fill="${p.a}"/>
<path d="M386 416 Q404 450 430 460 L456 388 Q430 378 404 392 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="4"/>
${[0, 1, 2, 3].map((i) => `<path d="M${448 + i * 30} ${470 + i * 9} l38 -30" stroke="#ffffff" stroke-width="9"/>`).join('')}
<rect x="206" y="452" width="34" height="78" rx="10" fill="${p.a}"/>
<circle cx="264" cy="462" r="7" fill="${p.cdd}"/>
</g>`;
}

export const MOTIF_DRAWINGS: Record<Motif, (p: Palette) => string> = {
  bag: (p) => {
    const back = p.alt;
    return `<path d="M320 250 L680 250 L712 714 Q714 740 688 740 L312 740 Q286 740 288 714 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<path d="M320 250 L350 740 L312 740 Q286 740 288 714 Z" fill="#000" opacity="0.08"/>
<rect x="306" y="196" width="388" height="66" rx="10" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
${Array.from({ length: 14 }, (_, i) => `<path d="M${326 + i * 26} 204 l0 50" stroke="${p.cdd}" stroke-width="4" opacity="0.6"/>`).join('')}
${
  back
    ? `<circle cx="500" cy="340" r="26" fill="${p.cdd}"/><circle cx="500" cy="340" r="12" fill="${p.cl}"/>
${label(370, 420, 260, 240, p, lines(394, 490, 212, 5, 30, '#9aa1ab'))}`
    : `${label(360, 380, 280, 270, p)}
${[
  [440, 530],
  [500, 560],
  [560, 528],
  [470, 600],
  [536, 604],
]
  .map(
    ([x, y]) =>
      `<g transform="rotate(-30 ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="28" ry="20" fill="#6b3f22"/><path d="M${x! - 22} ${y} Q${x} ${y! - 8} ${x! + 22} ${y}" stroke="#3b2212" stroke-width="4" fill="none"/></g>`,
  )
  .join('')}`
}
${gloss(300, 260, 120, 460)}`;
  },

  bottle: (p) => {
    const body = `<path d="${bottleShape(420, 580, 56, 190, 360)}" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="462" y="148" width="76" height="58" rx="10" fill="${p.a}" stroke="${p.ad}" stroke-width="4"/>
${gloss(432, 360, 46, 350)}`;
    return p.alt
      ? `<g transform="translate(-90 0)">${body}${label(432, 470, 136, 170, p, lines(448, 530, 104, 4, 24, '#9aa1ab'))}</g>
<g transform="translate(620 610)"><ellipse cx="0" cy="110" rx="130" ry="30" fill="${p.cd}"/><path d="M-130 110 Q0 10 130 110" fill="#fffdf7" stroke="${p.line}" stroke-width="4"/><ellipse cx="0" cy="100" rx="96" ry="20" fill="${p.c}" opacity="0.9"/></g>`
      : `${body}${label(432, 470, 136, 170, p, `<path d="M470 580 Q500 530 530 580 Q500 600 470 580 Z" fill="#5c7a2e"/><path d="M500 590 L500 616" stroke="#5c7a2e" stroke-width="5"/>`)}`;
  },

  wine: (p) => {
    const bottle = `<path d="${bottleShape(424, 576, 50, 150, 380)}" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="471" y="140" width="58" height="120" rx="8" fill="${p.a}" stroke="${p.ad}" stroke-width="4"/>
${gloss(436, 390, 40, 320)}
${label(436, 500, 128, 150, p, `<text x="500" y="610" text-anchor="middle" font-family="Liberation Serif, DejaVu Serif, serif" font-size="40" font-style="italic" fill="${p.ad}">W</text>`)}`;
    return p.alt
      ? `<g transform="translate(-110 0)">${bottle}</g>
<g transform="translate(150 0)"><path d="M440 420 Q440 560 500 580 Q560 560 560 420 Z" fill="#ffffff" fill-opacity="0.5" stroke="${p.line}" stroke-width="4"/>
<path d="M445 490 Q450 565 500 578 Q550 565 555 490 Z" fill="${p.cl}"/><path d="M500 580 L500 712" stroke="${p.line}" stroke-width="7"/><ellipse cx="500" cy="722" rx="60" ry="14" fill="#ffffff" stroke="${p.line}" stroke-width="4"/></g>`
      : bottle;
  },

  beer: (p) => {
    const bottle = (
      dx: number,
    ) => `<g transform="translate(${dx} 0)"><path d="${bottleShape(430, 570, 52, 200, 420)}" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="468" y="180" width="64" height="28" rx="6" fill="${p.a}" stroke="${p.ad}" stroke-width="3"/>
${gloss(442, 430, 36, 280)}
<ellipse cx="500" cy="580" rx="62" ry="76" fill="#fffdf7" stroke="${p.ad}" stroke-width="4"/><ellipse cx="500" cy="580" rx="44" ry="56" fill="${p.a}"/></g>`;
    return p.alt
      ? `${bottle(-100)}<g transform="translate(150 0)"><path d="M420 420 L580 420 L560 730 L440 730 Z" fill="${p.al}" stroke="${p.line}" stroke-width="4" opacity="0.95"/>
<path d="M424 470 L576 470 L560 730 L440 730 Z" fill="#e3a52a" opacity="0.85"/><path d="M412 440 Q420 386 470 398 Q500 366 540 396 Q590 386 590 440 Q584 476 560 470 L440 470 Q414 476 412 440 Z" fill="#fffaf0" stroke="#d8cfb8" stroke-width="3"/></g>`
      : bottle(0);
  },

  can: (p) => {
    const can = (
      dx: number,
      s: number,
    ) => `<g transform="translate(${dx} 0) translate(500 740) scale(${s}) translate(-500 -740)">
<rect x="400" y="300" width="200" height="440" rx="26" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="500" cy="306" rx="96" ry="22" fill="#d5d8dc" stroke="#9aa0a8" stroke-width="4"/>
<rect x="400" y="440" width="200" height="150" fill="${p.a}"/>
<circle cx="500" cy="515" r="44" fill="#fffdf7"/>${gloss(408, 320, 60, 400, 16)}</g>`;
    return p.alt ? `${can(-120, 0.9)}${can(100, 1)}` : can(0, 1);
  },

  carton: (
    p,
  ) => `<path d="M380 320 L500 250 L620 320 L620 740 L380 740 Z" fill="#fffdf7" stroke="${p.line}" stroke-width="5"/>
<path d="M380 320 L500 250 L620 320 Z" fill="${p.cl}" stroke="${p.line}" stroke-width="5"/><rect x="440" y="226" width="120" height="32" rx="6" fill="${p.cd}"/>
<rect x="380" y="420" width="240" height="230" fill="${p.c}"/>
<circle cx="${p.alt ? 450 : 500}" cy="530" r="58" fill="${p.a}"/><path d="M${p.alt ? 450 : 500} 472 q14 -30 34 -26" stroke="#4f7a2c" stroke-width="7" fill="none"/>
${p.alt ? lines(520, 490, 80, 4, 26, '#ffffff', 0.8) : ''}${gloss(388, 330, 60, 400, 8)}`,

  crate: (p) => {
    if (p.alt) {
      const caps = [];
      for (let r = 0; r < 4; r++)
        for (let col = 0; col < 5; col++)
          caps.push(
            `<circle cx="${320 + col * 90}" cy="${330 + r * 96}" r="34" fill="${p.a}" stroke="${p.ad}" stroke-width="5"/><circle cx="${320 + col * 90}" cy="${330 + r * 96}" r="18" fill="${p.al}"/>`,
          );
      return `<rect x="250" y="270" width="500" height="420" rx="22" fill="${p.c}" stroke="${p.line}" stroke-width="6"/>
<rect x="272" y="290" width="456" height="380" rx="12" fill="${p.cdd}"/>${caps.join('')}`;
    }
    const necks = [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${296 + i * 88}" y="300" width="56" height="150" rx="18" fill="${mix(p.cdd, '#3a2410', 0.5)}" stroke="${shade(p.cdd, 0.3)}" stroke-width="4"/><rect x="${300 + i * 88}" y="288" width="48" height="22" rx="5" fill="${p.a}" stroke="${p.ad}" stroke-width="3"/>`,
      )
      .join('');
    return `${necks}<rect x="250" y="420" width="500" height="320" rx="20" fill="${p.c}" stroke="${p.line}" stroke-width="6"/>
<rect x="420" y="450" width="160" height="44" rx="22" fill="${p.cdd}"/>
<rect x="290" y="530" width="420" height="170" rx="12" fill="${p.cd}"/>
<rect x="330" y="560" width="340" height="110" rx="10" fill="#fffdf7"/><rect x="330" y="586" width="340" height="24" fill="${p.a}"/>
${gloss(258, 428, 120, 300, 16)}`;
  },

  jar: (p) => {
    const content =
      p.pattern === 'dots'
        ? Array.from({ length: 16 }, (_, i) => {
            const x = 408 + (i % 4) * 62 + ((i >> 2) % 2) * 26;
            const y = 440 + (i >> 2) * 66;
            return `<ellipse cx="${x}" cy="${y}" rx="30" ry="24" fill="${i % 3 ? p.c : p.cd}" stroke="${p.cdd}" stroke-width="3"/><circle cx="${x + 10}" cy="${y - 6}" r="6" fill="#c84a2a"/>`;
          }).join('')
        : `<rect x="384" y="400" width="232" height="316" rx="30" fill="${p.c}"/><rect x="384" y="400" width="232" height="60" fill="${p.cl}" opacity="0.5"/>`;
    const jar = `<rect x="390" y="300" width="220" height="52" rx="12" fill="${p.a}" stroke="${p.ad}" stroke-width="4"/>
<path d="M380 350 L620 350 Q650 370 650 420 L650 700 Q650 740 610 740 L390 740 Q350 740 350 700 L350 420 Q350 370 380 350 Z" fill="#ffffff" fill-opacity="0.35" stroke="${p.line}" stroke-width="5"/>
<clipPath id="jarclip"><path d="M380 356 L620 356 Q644 374 644 420 L644 700 Q644 734 610 734 L390 734 Q356 734 356 700 L356 420 Q356 374 380 356 Z"/></clipPath>
<g clip-path="url(#jarclip)">${content}</g>
${label(392, 520, 216, 130, p)}${gloss(362, 380, 50, 330, 16)}`;
    return p.alt
      ? `<g transform="translate(-80 0)">${jar}</g><g transform="rotate(18 700 660)"><rect x="620" y="630" width="220" height="52" rx="12" fill="${p.a}" stroke="${p.ad}" stroke-width="4"/></g>
<path d="M600 720 Q720 700 800 610" stroke="#b9b3a6" stroke-width="16" fill="none"/><ellipse cx="810" cy="600" rx="34" ry="22" fill="#d8d2c4" stroke="#b9b3a6" stroke-width="4"/>`
      : jar;
  },

  tin: (p) => {
    const tin = `<rect x="380" y="330" width="240" height="400" rx="18" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="500" cy="334" rx="120" ry="30" fill="#d9dce0" stroke="#9aa0a8" stroke-width="5"/><ellipse cx="500" cy="334" rx="92" ry="20" fill="#c4c8ce"/>
${label(396, 450, 208, 190, p, `<path d="M450 585 Q500 520 550 585 Z" fill="${p.c}"/>`)}${gloss(388, 360, 56, 350, 14)}`;
    return p.alt
      ? `<g transform="translate(-110 0)">${tin}</g><g transform="translate(180 0)"><ellipse cx="500" cy="720" rx="130" ry="22" fill="${p.cd}"/><path d="M380 720 Q420 600 500 590 Q580 600 620 720 Z" fill="${p.c}" stroke="${p.cd}" stroke-width="4"/>
<path d="M470 640 q20 -14 40 0 M520 670 q20 -14 40 0 M430 690 q20 -14 40 0" stroke="${p.cdd}" stroke-width="5" fill="none" opacity="0.5"/></g>`
      : tin;
  },

  box: (p) => {
    const front = p.alt ? p.cd : p.c;
    const side = p.alt ? p.c : p.cd;
    return `<path d="M300 340 L620 340 L620 740 L300 740 Z" fill="${front}" stroke="${p.line}" stroke-width="5"/>
<path d="M620 340 L720 280 L720 680 L620 740 Z" fill="${side}" stroke="${p.line}" stroke-width="5"/>
<path d="M300 340 L400 280 L720 280 L620 340 Z" fill="${p.cl}" stroke="${p.line}" stroke-width="5"/>
<rect x="${p.alt ? 620 : 300}" y="470" width="${p.alt ? 100 : 320}" height="90" fill="${p.a}" ${p.alt ? 'transform="translate(620 470) skewY(-31) translate(-620 -470)"' : ''}/>
${
  p.alt
    ? lines(330, 380, 250, 6, 40, onColor(front), 0.55)
    : `<rect x="360" y="600" width="200" height="100" rx="14" fill="#fffdf7" opacity="0.9"/>${lines(380, 622, 160, 3, 24, '#9aa1ab')}`
}
${gloss(306, 346, 100, 388, 4)}`;
  },

  bar: (p) => {
    const squares = [];
    for (let r = 0; r < 3; r++)
      for (let col = 0; col < (p.alt ? 3 : 2); col++)
        squares.push(
          `<rect x="${(p.alt ? 330 : 580) + col * 70}" y="${360 + r * 80}" width="60" height="70" rx="6" fill="#5b341c" stroke="#3b2010" stroke-width="3"/>`,
        );
    return p.alt
      ? `<g transform="rotate(-12 500 480)">${squares.join('')}</g><g transform="rotate(20 640 560)"><rect x="560" y="470" width="200" height="150" rx="10" fill="#5b341c" stroke="#3b2010" stroke-width="3"/></g>
<path d="M280 700 L760 700" stroke="${p.a}" stroke-width="10" opacity="0.6"/>`
      : `<g transform="rotate(-8 500 480)"><rect x="300" y="340" width="440" height="270" rx="14" fill="#5b341c"/>${squares.join('')}
<rect x="300" y="340" width="300" height="270" rx="12" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<path d="M590 340 L620 380 L596 420 L624 470 L596 520 L622 570 L600 610 L560 610 L560 340 Z" fill="#d9dce0" stroke="#9aa0a8" stroke-width="3"/>
<rect x="300" y="420" width="260" height="110" fill="${p.a}"/><text x="430" y="494" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="54" fill="${onColor(p.a)}">%</text></g>`;
  },

  mug: (p) => {
    const mug = (
      dx: number,
      s: number,
    ) => `<g transform="translate(${dx} 0) translate(500 740) scale(${s}) translate(-500 -740)">
<path d="M600 440 Q700 440 700 540 Q700 640 600 640" fill="none" stroke="${p.c}" stroke-width="34"/><path d="M600 440 Q700 440 700 540 Q700 640 600 640" fill="none" stroke="${p.line}" stroke-width="4" opacity="0.5"/>
<path d="M340 380 L620 380 L604 700 Q600 740 560 740 L400 740 Q360 740 356 700 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="480" cy="382" rx="140" ry="26" fill="${p.cd}" stroke="${p.line}" stroke-width="4"/><ellipse cx="480" cy="388" rx="118" ry="16" fill="#4a2c18"/>
<rect x="356" y="560" width="252" height="40" fill="${p.a}"/>${gloss(352, 400, 70, 320, 14)}</g>`;
    const steam = `<path d="M440 330 q-24 -40 0 -80 q24 -40 0 -80 M500 330 q-24 -40 0 -80 q24 -40 0 -80" stroke="#ffffff" stroke-width="12" fill="none" opacity="0.8"/>`;
    return p.alt ? `${mug(-130, 0.85)}${mug(140, 0.95)}` : `${steam}${mug(0, 1)}`;
  },

  tshirt: (p) => garment(p, 'tshirt'),
  longsleeve: (p) => garment(p, 'longsleeve'),
  hoodie: (p) => garment(p, 'hoodie'),

  sneaker: (p) =>
    p.alt ? `${sneaker(p, 40, -70, 0.86, true)}${sneaker(p, -20, 20, 0.9)}` : sneaker(p),

  slipper: (p) => {
    const slipper = (
      dx: number,
      dy: number,
      flip: boolean,
    ) => `<g transform="translate(${dx} ${dy})${flip ? ' translate(1000 0) scale(-1 1)' : ''}">
<path d="M250 700 Q230 620 300 600 L640 560 Q760 560 770 640 Q776 710 700 716 L300 724 Q256 722 250 700 Z" fill="#e9e4d9" stroke="#b9b3a6" stroke-width="4"/>
${p.paint('path', `d="M480 590 Q520 470 650 480 Q770 500 770 630 Q700 600 640 600 Q560 600 480 590 Z"`)}
<path d="M520 560 Q600 520 700 540" stroke="${p.a}" stroke-width="8" fill="none" stroke-dasharray="14 10"/></g>`;
    return p.alt ? `${slipper(-30, -90, true)}${slipper(20, 10, false)}` : slipper(0, 0, false);
  },

  beanie: (
    p,
  ) => `<path d="M300 600 Q300 330 500 320 Q700 330 700 600 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
${Array.from({ length: 7 }, (_, i) => `<path d="M${340 + i * 54} 600 Q${350 + i * 50} 420 ${380 + i * 40} 360" stroke="${p.cd}" stroke-width="5" fill="none" opacity="0.7"/>`).join('')}
<rect x="286" y="590" width="428" height="120" rx="26" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
${Array.from({ length: 13 }, (_, i) => `<path d="M${316 + i * 31} 604 L${316 + i * 31} 696" stroke="${p.cdd}" stroke-width="6" opacity="0.5"/>`).join('')}
${p.alt ? `<rect x="580" y="620" width="70" height="44" rx="6" fill="${p.a}"/>` : `<circle cx="500" cy="290" r="64" fill="${p.a}" stroke="${p.ad}" stroke-width="5"/><circle cx="480" cy="272" r="20" fill="#ffffff" opacity="0.35"/>`}`,

  socks: (p) => {
    const sock = (
      dx: number,
      rot: number,
    ) => `<g transform="translate(${dx} 0) rotate(${rot} 500 500)">
<path d="M430 240 L560 240 L560 560 Q560 600 600 620 L690 660 Q740 690 710 730 Q690 750 650 740 L470 690 Q430 676 430 630 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="430" y="240" width="130" height="70" fill="${p.a}"/><path d="M430 330 L560 330 M430 350 L560 350" stroke="${p.a}" stroke-width="10"/>
<path d="M640 650 Q700 668 712 700 Q716 730 680 742 L640 732 Q650 700 640 650 Z" fill="${p.a}"/>
<path d="M430 600 Q430 676 500 700 L470 690 Q430 676 430 630 Z" fill="${p.a}"/></g>`;
    return p.alt
      ? `${[0, 1, 2].map((i) => `<g transform="translate(${290 + i * 150} 560)"><circle r="82" fill="${i === 1 ? p.cd : p.c}" stroke="${p.line}" stroke-width="5"/><path d="M-80 -10 Q0 30 80 -10" stroke="${p.a}" stroke-width="14" fill="none"/></g>`).join('')}`
      : `${sock(-90, 0)}${sock(60, 6)}`;
  },

  tote: (
    p,
  ) => `<path d="M410 380 Q410 220 500 220 Q590 220 590 380" fill="none" stroke="${p.cd}" stroke-width="26"/>
${p.paint('path', `d="M330 370 L670 370 L700 740 L300 740 Z"`)}
<path d="M330 370 L670 370" stroke="${p.cd}" stroke-width="14"/>
${p.alt ? `<rect x="430" y="640" width="140" height="50" rx="6" fill="${p.a}" opacity="0.9"/>` : `<circle cx="500" cy="540" r="96" fill="${p.a}"/><path d="M440 560 Q500 470 560 560" stroke="${onColor(p.a)}" stroke-width="14" fill="none"/><circle cx="500" cy="590" r="12" fill="${onColor(p.a)}"/>`}`,

  charger: (p) => {
    const cube = `<path d="M380 420 L600 420 L600 660 L380 660 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<path d="M600 420 L680 370 L680 610 L600 660 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
<path d="M380 420 L460 370 L680 370 L600 420 Z" fill="${p.cl}" stroke="${p.line}" stroke-width="5"/>
<rect x="455" y="560" width="70" height="22" rx="11" fill="#2b2f36"/><circle cx="560" cy="460" r="9" fill="${p.a}"/>
<rect x="470" y="470" width="40" height="40" rx="8" fill="none" stroke="${p.a}" stroke-width="6"/><path d="M492 474 L482 492 L498 492 L488 508" stroke="${p.a}" stroke-width="5" fill="none"/>
<path d="M520 388 L540 300 M600 388 L620 300" stroke="#9aa0a8" stroke-width="18"/>`;
    return p.alt
      ? `<g transform="translate(-120 -20)">${cube}</g><path d="M400 580 Q380 720 560 700 Q760 680 700 560 Q660 480 760 440" stroke="${p.cd}" stroke-width="16" fill="none"/>
<rect x="740" y="398" width="40" height="80" rx="10" fill="${p.c}" stroke="${p.line}" stroke-width="4" transform="rotate(20 760 438)"/>`
      : cube;
  },

  cable: (p) =>
    p.alt
      ? `<path d="M260 620 C360 300 640 720 740 380" stroke="${p.c}" stroke-width="22" fill="none"/><path d="M260 620 C360 300 640 720 740 380" stroke="${p.line}" stroke-width="2" fill="none" opacity="0.4"/>
<g transform="rotate(-20 250 650)"><rect x="220" y="620" width="60" height="110" rx="16" fill="${p.cd}"/><rect x="234" y="724" width="32" height="36" rx="8" fill="#b9bec6"/></g>
<g transform="rotate(20 750 350)"><rect x="720" y="260" width="60" height="110" rx="16" fill="${p.cd}"/><rect x="734" y="226" width="32" height="36" rx="8" fill="#b9bec6"/></g>`
      : `${[0, 1, 2, 3].map((i) => `<ellipse cx="${500 + i * 6}" cy="${500 - i * 8}" rx="${190 - i * 16}" ry="${130 - i * 10}" fill="none" stroke="${p.c}" stroke-width="20"/><ellipse cx="${500 + i * 6}" cy="${500 - i * 8}" rx="${190 - i * 16}" ry="${130 - i * 10}" fill="none" stroke="${p.line}" stroke-width="2" opacity="0.4"/>`).join('')}
<rect x="620" y="560" width="54" height="100" rx="14" fill="${p.cd}"/><rect x="632" y="654" width="30" height="34" rx="8" fill="#b9bec6"/>
<rect x="290" y="560" width="54" height="100" rx="14" fill="${p.cd}"/><rect x="302" y="654" width="30" height="34" rx="8" fill="#b9bec6"/><circle cx="480" cy="470" r="16" fill="${p.a}"/>`,

  powerbank: (p) => {
    const bank = `<rect x="320" y="300" width="360" height="420" rx="54" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="340" y="320" width="320" height="380" rx="40" fill="#ffffff" opacity="0.08"/>
${[0, 1, 2, 3].map((i) => `<circle cx="${440 + i * 40}" cy="640" r="11" fill="${i < 3 ? p.a : p.cd}"/>`).join('')}
<path d="M505 420 L470 500 L510 500 L490 580" stroke="${p.a}" stroke-width="14" fill="none"/>${gloss(328, 310, 90, 400, 40)}`;
    return p.alt
      ? `<g transform="rotate(-90 500 510) translate(0 0)">${bank}</g><rect x="430" y="300" width="140" height="20" rx="10" fill="#2b2f36"/><rect x="600" y="302" width="40" height="16" rx="8" fill="#2b2f36"/>`
      : bank;
  },

  headphones: (p) => {
    const cups = `<rect x="250" y="450" width="110" height="190" rx="50" fill="${p.c}" stroke="${p.line}" stroke-width="5"/><rect x="640" y="450" width="110" height="190" rx="50" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="340" y="470" width="40" height="150" rx="20" fill="#2b2f36"/><rect x="620" y="470" width="40" height="150" rx="20" fill="#2b2f36"/>
<circle cx="305" cy="545" r="22" fill="${p.a}"/><circle cx="695" cy="545" r="22" fill="${p.a}"/>`;
    const band = `<path d="M300 470 Q300 230 500 230 Q700 230 700 470" fill="none" stroke="${p.cd}" stroke-width="36"/><path d="M340 360 Q370 270 500 268 Q630 270 660 360" fill="none" stroke="${p.a}" stroke-width="12"/>`;
    return p.alt
      ? `<g transform="rotate(-18 500 500)">${band}${cups}</g><path d="M700 650 Q720 740 600 730 Q520 720 540 760" stroke="#2b2f36" stroke-width="8" fill="none"/>`
      : band + cups;
  },

  speaker: (p) => {
    const grille = [];
    for (let r = 0; r < 8; r++)
      for (let col = 0; col < 7; col++)
        grille.push(
          `<circle cx="${398 + col * 34 + (r % 2) * 17}" cy="${330 + r * 36}" r="7" fill="${p.cdd}"/>`,
        );
    return `<rect x="370" y="260" width="260" height="480" rx="80" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
${p.alt ? `<circle cx="500" cy="420" r="80" fill="${p.cd}"/><circle cx="500" cy="420" r="36" fill="${p.cdd}"/><rect x="470" y="560" width="60" height="20" rx="10" fill="#2b2f36"/>` : grille.join('')}
<rect x="370" y="640" width="260" height="40" fill="${p.a}"/><circle cx="500" cy="700" r="10" fill="#ffffff" opacity="0.8"/>${gloss(378, 280, 70, 440, 60)}`;
  },

  lamp: (
    p,
  ) => `<ellipse cx="420" cy="720" rx="130" ry="30" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
<path d="M420 710 L360 480 L560 300" stroke="${p.c}" stroke-width="22" fill="none"/><circle cx="360" cy="480" r="22" fill="${p.a}"/><circle cx="560" cy="300" r="18" fill="${p.a}"/>
${p.alt ? `<path d="M620 360 L820 760 L420 760 Z" fill="#fff2b8" opacity="0.55"/>` : ''}
<path d="M520 250 L680 250 L740 380 L600 420 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5" transform="rotate(20 620 330)"/>
<ellipse cx="${p.alt ? 660 : 650}" cy="${p.alt ? 410 : 400}" rx="34" ry="18" fill="#fff6c8"/>`,

  floorlamp: (
    p,
  ) => `<ellipse cx="500" cy="730" rx="120" ry="22" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
<path d="M500 720 L500 330" stroke="${p.cdd}" stroke-width="14"/>
${p.alt ? `<ellipse cx="500" cy="300" rx="220" ry="140" fill="#fff2b8" opacity="0.45"/>` : ''}
${p.paint('path', `d="M390 170 L610 170 L660 340 L340 340 Z"`)}
<path d="M340 340 L660 340" stroke="${p.a}" stroke-width="10"/><path d="M390 170 L610 170" stroke="${p.a}" stroke-width="10"/>`,

  teddy: (p) => {
    const tilt = p.alt ? 12 : -4;
    return `<ellipse cx="380" cy="690" rx="70" ry="52" fill="${p.c}" stroke="${p.line}" stroke-width="5"/><ellipse cx="620" cy="690" rx="70" ry="52" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="380" cy="700" rx="38" ry="28" fill="${p.cl}"/><ellipse cx="620" cy="700" rx="38" ry="28" fill="${p.cl}"/>
<ellipse cx="500" cy="560" rx="150" ry="160" fill="${p.c}" stroke="${p.line}" stroke-width="5"/><ellipse cx="500" cy="590" rx="90" ry="100" fill="${p.cl}"/>
<ellipse cx="350" cy="${p.alt ? 440 : 520}" rx="52" ry="92" fill="${p.c}" stroke="${p.line}" stroke-width="5" transform="rotate(${p.alt ? 40 : 28} 350 ${p.alt ? 440 : 520})"/>
<ellipse cx="650" cy="520" rx="52" ry="92" fill="${p.c}" stroke="${p.line}" stroke-width="5" transform="rotate(-28 650 520)"/>
<g transform="rotate(${tilt} 500 330)">
<circle cx="380" cy="230" r="56" fill="${p.c}" stroke="${p.line}" stroke-width="5"/><circle cx="620" cy="230" r="56" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<circle cx="380" cy="230" r="30" fill="${p.cl}"/><circle cx="620" cy="230" r="30" fill="${p.cl}"/>
<circle cx="500" cy="320" r="140" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="500" cy="370" rx="64" ry="50" fill="${p.cl}"/><ellipse cx="500" cy="350" rx="24" ry="16" fill="#2b1d14"/>
<path d="M500 366 L500 388 M476 396 Q500 408 524 396" stroke="#2b1d14" stroke-width="5" fill="none"/>
<circle cx="448" cy="290" r="14" fill="#2b1d14"/><circle cx="552" cy="290" r="14" fill="#2b1d14"/><circle cx="452" cy="285" r="4" fill="#fff"/><circle cx="556" cy="285" r="4" fill="#fff"/></g>
<path d="M440 446 L500 470 L440 494 Z M560 446 L500 470 L560 494 Z" fill="${p.a}" stroke="${p.ad}" stroke-width="4"/><circle cx="500" cy="470" r="14" fill="${p.ad}"/>`;
  },

  blocks: (p) => {
    const colours = [p.c, p.a, mix(p.c, p.a, 0.5), p.cl, p.ad, p.cd];
    const letters = ['A', 'B', 'C', '1', '2', '3'];
    const block = (x: number, y: number, i: number, s = 140) => {
      const col = colours[i % colours.length]!;
      return `<path d="M${x} ${y} L${x + s} ${y} L${x + s} ${y + s} L${x} ${y + s} Z" fill="${col}" stroke="${shade(col, 0.35)}" stroke-width="5"/>
<path d="M${x} ${y} L${x + 30} ${y - 26} L${x + s + 30} ${y - 26} L${x + s} ${y} Z" fill="${tint(col, 0.3)}" stroke="${shade(col, 0.35)}" stroke-width="5"/>
<path d="M${x + s} ${y} L${x + s + 30} ${y - 26} L${x + s + 30} ${y + s - 26} L${x + s} ${y + s} Z" fill="${shade(col, 0.2)}" stroke="${shade(col, 0.35)}" stroke-width="5"/>
<text x="${x + s / 2}" y="${y + s / 2 + 30}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="84" fill="${onColor(col)}">${letters[i % letters.length]}</text>`;
    };
    return p.alt
      ? `${block(230, 600, 0, 120)}${block(400, 560, 1, 160)}${block(600, 610, 2, 110)}${block(440, 400, 3, 120)}${block(270, 470, 4, 100)}`
      : `${block(280, 600, 0)}${block(430, 600, 1)}${block(580, 600, 2)}${block(355, 460, 3)}${block(505, 460, 4)}${block(430, 320, 5)}`;
  },

  puzzle: (p) => {
    const colours = [p.c, p.a, p.cl, p.al];
    const piece = (x: number, y: number, i: number) => {
      const col = colours[i]!;
      return `<g><rect x="${x}" y="${y}" width="170" height="170" rx="10" fill="${col}" stroke="${shade(col, 0.35)}" stroke-width="5"/>
${i % 2 === 0 ? `<circle cx="${x + 170}" cy="${y + 85}" r="30" fill="${col}" stroke="${shade(col, 0.35)}" stroke-width="5"/><rect x="${x + 150}" y="${y + 60}" width="24" height="50" fill="${col}"/>` : ''}
${i < 2 ? `<circle cx="${x + 85}" cy="${y + 170}" r="30" fill="${col}" stroke="${shade(col, 0.35)}" stroke-width="5"/><rect x="${x + 60}" y="${y + 150}" width="50" height="24" fill="${col}"/>` : ''}</g>`;
    };
    return p.alt
      ? `${piece(250, 520, 0)}<g transform="rotate(-14 560 420)">${piece(520, 360, 1)}</g><g transform="rotate(10 430 330)">${piece(360, 230, 2)}</g>`
      : `<rect x="300" y="360" width="400" height="380" rx="16" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/>
${piece(320, 380, 3)}${piece(500, 560, 2)}${piece(500, 380, 1)}${piece(320, 560, 0)}
<g transform="rotate(-18 650 260)">${piece(600, 180, 0)}</g>`;
  },

  fabric: (p) =>
    p.alt
      ? [0, 1, 2]
          .map(
            (i) =>
              `${p.paint('rect', `x="${300 - i * 10}" y="${620 - i * 110}" width="${400 + i * 20}" height="110" rx="26"`)}<rect x="${300 - i * 10}" y="${620 - i * 110}" width="${400 + i * 20}" height="110" rx="26" fill="#000" opacity="${0.04 * i}"/>`,
          )
          .join('') +
        `<path d="M300 675 L700 675" stroke="#ffffff" stroke-width="4" opacity="0.4" stroke-dasharray="12 10"/>`
      : `${p.paint('path', `d="M300 430 L700 430 L760 740 L240 740 Z"`)}
<path d="M300 430 L700 430 L760 740 L240 740 Z" fill="url(#gloss)" opacity="0.6"/>
${p.paint('rect', `x="270" y="300" width="460" height="150" rx="75"`)}
<rect x="270" y="300" width="460" height="150" rx="75" fill="#000" opacity="0.08"/>
<ellipse cx="730" cy="375" rx="40" ry="75" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/><ellipse cx="730" cy="375" rx="14" ry="26" fill="#d9c7a6"/>`,

  cushion: (p) => {
    const cushion = (
      dx: number,
      dy: number,
      s: number,
      rot: number,
    ) => `<g transform="translate(${dx} ${dy}) rotate(${rot} 500 500) translate(500 500) scale(${s}) translate(-500 -500)">
${p.paint('path', `d="M290 280 Q500 320 710 280 Q680 500 710 720 Q500 680 290 720 Q320 500 290 280 Z"`)}
<path d="M290 280 Q500 320 710 280 Q680 500 710 720 Q500 680 290 720 Q320 500 290 280 Z" fill="url(#gloss)" opacity="0.5"/>
<circle cx="500" cy="500" r="16" fill="${p.cd}"/></g>`;
    return p.alt ? `${cushion(-90, -30, 0.8, -8)}${cushion(90, 60, 0.85, 6)}` : cushion(0, 0, 1, 0);
  },

  blanket: (p) =>
    p.alt
      ? `${p.paint('rect', `x="280" y="430" width="440" height="300" rx="150"`)}
<ellipse cx="700" cy="580" rx="70" ry="150" fill="${p.cd}" stroke="${p.line}" stroke-width="5"/><path d="M700 470 Q650 580 700 690 M700 510 Q670 580 700 650" stroke="${p.cdd}" stroke-width="5" fill="none"/>
<rect x="420" y="420" width="40" height="320" fill="${p.a}"/>`
      : `${[0, 1, 2]
          .map(
            (i) =>
              `${p.paint('rect', `x="${260 + i * 20}" y="${600 - i * 120}" width="${480 - i * 40}" height="120" rx="30"`)}`,
          )
          .join(
            '',
          )}${Array.from({ length: 14 }, (_, i) => `<path d="M${270 + i * 34} 720 l0 30" stroke="${p.cd}" stroke-width="6"/>`).join('')}`,

  candle: (p) => {
    const candle = (
      x: number,
      h: number,
    ) => `<rect x="${x - 70}" y="${740 - h}" width="140" height="${h}" rx="16" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<ellipse cx="${x}" cy="${740 - h}" rx="70" ry="16" fill="${p.cl}" stroke="${p.line}" stroke-width="4"/>
<path d="M${x} ${740 - h} l0 -22" stroke="#2b2f36" stroke-width="5"/>
<circle cx="${x}" cy="${700 - h}" r="46" fill="#ffe9a0" opacity="0.45"/><path d="M${x} ${650 - h} Q${x + 22} ${690 - h} ${x} ${716 - h} Q${x - 22} ${690 - h} ${x} ${650 - h} Z" fill="#ffb238"/>
<rect x="${x - 70}" y="${740 - h * 0.45}" width="140" height="30" fill="${p.a}"/>`;
    return p.alt ? `${candle(330, 260)}${candle(500, 380)}${candle(670, 200)}` : candle(500, 360);
  },

  book: (p) =>
    p.alt
      ? `<path d="M500 360 Q400 320 250 340 L250 700 Q400 680 500 720 Z" fill="#fffdf7" stroke="${p.line}" stroke-width="5"/>
<path d="M500 360 Q600 320 750 340 L750 700 Q600 680 500 720 Z" fill="#fffdf7" stroke="${p.line}" stroke-width="5"/>
<path d="M250 700 Q400 680 500 720 Q600 680 750 700 L750 720 Q600 700 500 740 Q400 700 250 720 Z" fill="${p.c}"/>
${lines(285, 400, 180, 7, 38, '#b7bcc4')}${lines(540, 400, 180, 5, 38, '#b7bcc4')}<rect x="560" y="600" width="160" height="70" rx="6" fill="${p.a}" opacity="0.7"/>`
      : `<path d="M330 250 L640 250 L640 730 L330 730 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<path d="M640 250 L690 220 L690 700 L640 730 Z" fill="#fffdf7" stroke="${p.line}" stroke-width="4"/>
${Array.from({ length: 8 }, (_, i) => `<path d="M${646 + i * 5} ${254 - i * 3} L${646 + i * 5} ${726 - i * 3}" stroke="#d8d2c4" stroke-width="2"/>`).join('')}
<path d="M330 250 L380 220 L690 220 L640 250 Z" fill="${p.cd}" stroke="${p.line}" stroke-width="4"/>
<rect x="330" y="250" width="34" height="480" fill="#000" opacity="0.12"/>
<rect x="390" y="330" width="200" height="120" fill="${p.a}"/>${lines(410, 360, 160, 2, 40, onColor(p.a), 0.85)}
<circle cx="485" cy="580" r="60" fill="none" stroke="${onColor(p.c)}" stroke-width="6" opacity="0.6"/>`,

  notebook: (p) =>
    p.alt
      ? `<rect x="250" y="330" width="250" height="400" rx="12" fill="#fffdf7" stroke="${p.line}" stroke-width="5"/><rect x="500" y="330" width="250" height="400" rx="12" fill="#fffdf7" stroke="${p.line}" stroke-width="5"/>
${Array.from({ length: 9 }, (_, i) => `<path d="M280 ${380 + i * 38} L470 ${380 + i * 38} M530 ${380 + i * 38} L720 ${380 + i * 38}" stroke="#b7d0e6" stroke-width="3"/>`).join('')}
<path d="M600 330 L600 780 L620 760 L640 780 L640 330" fill="${p.a}"/><rect x="244" y="324" width="512" height="412" rx="16" fill="none" stroke="${p.c}" stroke-width="12"/>`
      : `<rect x="340" y="230" width="320" height="500" rx="22" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="610" y="230" width="22" height="500" fill="${p.a}"/><path d="M500 730 L500 800 L516 784 L532 800 L532 730" fill="${p.al}"/>
<rect x="400" y="300" width="140" height="80" rx="8" fill="#fffdf7" opacity="0.85"/>${gloss(346, 240, 80, 480, 18)}`,

  phone: (p) =>
    p.alt
      ? `<rect x="380" y="220" width="240" height="500" rx="40" fill="${p.c}" stroke="${p.line}" stroke-width="6"/>
<rect x="410" y="250" width="110" height="150" rx="30" fill="${p.cd}"/><circle cx="447" cy="292" r="24" fill="#1d2430"/><circle cx="447" cy="358" r="24" fill="#1d2430"/><circle cx="493" cy="325" r="10" fill="${p.al}"/>
<circle cx="500" cy="540" r="30" fill="none" stroke="${p.cl}" stroke-width="6"/>${gloss(388, 230, 80, 480, 34)}`
      : `<rect x="380" y="220" width="240" height="500" rx="40" fill="#1d2430" stroke="${p.line}" stroke-width="6"/>
<rect x="396" y="240" width="208" height="460" rx="28" fill="url(#screen)"/><rect x="470" y="252" width="60" height="16" rx="8" fill="#1d2430"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${420 + (i % 3) * 58}" y="${320 + Math.floor(i / 3) * 70}" width="44" height="44" rx="12" fill="#ffffff" opacity="0.75"/>`).join('')}
<rect x="416" y="640" width="168" height="40" rx="20" fill="#ffffff" opacity="0.3"/>`,

  tablet: (p) =>
    p.alt
      ? `<rect x="260" y="240" width="480" height="480" rx="40" fill="${p.c}" stroke="${p.line}" stroke-width="6"/><circle cx="310" cy="290" r="22" fill="#1d2430"/><circle cx="500" cy="480" r="50" fill="none" stroke="${p.cl}" stroke-width="8"/>`
      : `<rect x="240" y="260" width="520" height="440" rx="36" fill="#1d2430" stroke="${p.line}" stroke-width="6"/>
<rect x="262" y="282" width="476" height="396" rx="18" fill="url(#screen)"/>
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="${300 + (i % 4) * 104}" y="${330 + Math.floor(i / 4) * 110}" width="64" height="64" rx="16" fill="#ffffff" opacity="0.75"/>`).join('')}`,

  laptop: (p) =>
    `<path d="M300 ${p.alt ? 300 : 250} L700 ${p.alt ? 300 : 250} L700 ${p.alt ? 600 : 580} L300 ${p.alt ? 600 : 580} Z" fill="#1d2430" stroke="${p.line}" stroke-width="6" ${p.alt ? 'transform="translate(500 600) skewX(-8) translate(-500 -600)"' : ''}/>
${p.alt ? `<rect x="330" y="320" width="340" height="260" rx="6" fill="${p.c}" transform="translate(500 600) skewX(-8) translate(-500 -600)"/><circle cx="500" cy="450" r="40" fill="${p.cl}" transform="translate(500 600) skewX(-8) translate(-500 -600)"/>` : `<rect x="320" y="270" width="360" height="290" rx="6" fill="url(#screen)"/>${lines(350, 310, 200, 4, 34, '#ffffff', 0.6)}`}
<path d="M230 600 L770 600 L820 690 Q824 712 800 712 L200 712 Q176 712 180 690 Z" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="440" y="660" width="120" height="30" rx="8" fill="${p.cd}"/>
${Array.from({ length: 10 }, (_, i) => `<rect x="${270 + i * 46}" y="616" width="36" height="12" rx="3" fill="${p.cd}"/><rect x="${262 + i * 48}" y="636" width="36" height="12" rx="3" fill="${p.cd}"/>`).join('')}`,

  coffeemachine: (
    p,
  ) => `<rect x="320" y="220" width="360" height="520" rx="30" fill="${p.c}" stroke="${p.line}" stroke-width="5"/>
<rect x="340" y="240" width="320" height="140" rx="18" fill="#1d2430"/><rect x="360" y="262" width="140" height="90" rx="8" fill="url(#screen)"/>
${[0, 1, 2].map((i) => `<circle cx="${560 + (i % 2) * 50}" cy="${280 + i * 30}" r="14" fill="${p.a}"/>`).join('')}
<rect x="380" y="410" width="240" height="300" rx="16" fill="${p.cdd}"/><rect x="470" y="410" width="60" height="60" rx="8" fill="#9aa0a8"/>
<path d="M480 470 L480 520 M520 470 L520 520" stroke="#4a2c18" stroke-width="6" opacity="${p.alt ? 1 : 0}"/>
<path d="M440 560 L560 560 L550 680 L450 680 Z" fill="#fffdf7" stroke="#b9b3a6" stroke-width="4"/><path d="M560 590 Q600 600 590 640 Q582 660 554 660" stroke="#b9b3a6" stroke-width="8" fill="none"/>
<rect x="400" y="690" width="200" height="16" rx="4" fill="#9aa0a8"/>${gloss(326, 390, 50, 340, 20)}`,
};
