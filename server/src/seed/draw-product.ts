/**
 * Flat product illustrations for the demo catalogue: one small SVG per picture, all on the same
 * 800×800 canvas and soft background, so the shop looks consistent and works offline.
 */
export type DrawingKind =
  | 'adapter'
  | 'hub'
  | 'dock'
  | 'stand'
  | 'sleeve'
  | 'backpack'
  | 'cooling-pad'
  | 'keyboard'
  | 'mouse'
  | 'ssd'
  | 'enclosure'
  | 'pen-drive'
  | 'charger'
  | 'cable';

export interface Drawing {
  kind: DrawingKind;
  /** The body colour. */
  color: string;
  /** Ports drawn on hubs and adapters. */
  ports?: number;
  /** Draw an RJ45 plug on a cable. */
  lan?: boolean;
}

export const PICTURE_SIZE = 800;

const SHADOW = '<ellipse cx="400" cy="640" rx="260" ry="26" fill="#0f172a" opacity=".08"/>';
const METAL = '#cbd5e1';
const DARK = '#0f172a';

/** An RJ45 socket, its top-left corner at (x, y). */
const rj45 = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="90" height="76" rx="6" fill="${DARK}"/><rect x="${x + 20}" y="${y + 14}" width="50" height="30" fill="#facc15" opacity=".85"/><rect x="${x + 30}" y="${y + 52}" width="30" height="16" fill="#1e293b"/>`;
const usbA = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="44" height="26" rx="3" fill="${DARK}"/><rect x="${x + 6}" y="${y + 6}" width="32" height="8" fill="#3b82f6"/>`;
const usbC = (x: number, y: number) => `<rect x="${x}" y="${y}" width="44" height="16" rx="8" fill="${DARK}"/>`;

function body(drawing: Drawing): string {
  const c = drawing.color;
  switch (drawing.kind) {
    case 'adapter': {
      const ports = drawing.ports ?? 1;
      const sockets = Array.from({ length: ports }, (_, i) => rj45(330 + i * 110 - (ports - 1) * 55, 380)).join('');
      return `<path d="M180 420 C120 420 110 300 200 300" stroke="${DARK}" stroke-width="18" fill="none" stroke-linecap="round"/><rect x="150" y="276" width="70" height="40" rx="8" fill="${METAL}"/><rect x="260" y="330" width="${300 + (ports - 1) * 110}" height="170" rx="36" fill="${c}"/><circle cx="300" cy="365" r="7" fill="#22c55e"/>${sockets}`;
    }
    case 'hub': {
      const ports = drawing.ports ?? 4;
      const step = Math.min(74, 520 / ports);
      const width = Math.max(360, ports * step + 60);
      const left = 400 - width / 2;
      const slots = Array.from({ length: ports }, (_, i) => usbA(left + 40 + i * step, 420)).join('');
      return `<path d="M${left} 440 C${left - 90} 440 ${left - 100} 330 ${left - 40} 300" stroke="${DARK}" stroke-width="16" fill="none" stroke-linecap="round"/><rect x="${left}" y="380" width="${width}" height="110" rx="30" fill="${c}"/>${slots}<circle cx="${left + width - 30}" cy="400" r="6" fill="#38bdf8"/>`;
    }
    case 'dock':
      return `<rect x="170" y="330" width="460" height="190" rx="28" fill="${c}"/><rect x="170" y="330" width="460" height="30" rx="14" fill="#fff" opacity=".08"/>${rj45(200, 400)}${usbA(320, 420)}${usbA(400, 420)}<rect x="490" y="418" width="60" height="30" rx="4" fill="${DARK}"/>${usbC(565, 425)}<circle cx="600" cy="360" r="7" fill="#22c55e"/>`;
    case 'stand':
      return `<path d="M230 560 L400 300 L570 560" stroke="${c}" stroke-width="26" fill="none" stroke-linejoin="round"/><rect x="210" y="250" width="380" height="28" rx="10" fill="${c}" transform="rotate(-12 400 264)"/><rect x="300" y="548" width="200" height="24" rx="8" fill="${c}"/>`;
    case 'sleeve':
      return `<rect x="170" y="250" width="460" height="330" rx="40" fill="${c}"/><rect x="230" y="390" width="340" height="150" rx="20" fill="#fff" opacity=".12"/><path d="M170 300 H630" stroke="#fff" stroke-opacity=".35" stroke-width="6" stroke-dasharray="16 12"/>`;
    case 'backpack':
      return `<rect x="250" y="200" width="300" height="400" rx="70" fill="${c}"/><path d="M330 210 C330 140 470 140 470 210" stroke="${c}" stroke-width="24" fill="none"/><rect x="290" y="400" width="220" height="150" rx="30" fill="#fff" opacity=".14"/><rect x="380" y="300" width="40" height="14" rx="7" fill="${METAL}"/>`;
    case 'cooling-pad': {
      const fans = [300, 500]
        .flatMap((x) =>
          [360, 500].map(
            (y) =>
              `<circle cx="${x}" cy="${y}" r="55" fill="${DARK}"/><circle cx="${x}" cy="${y}" r="14" fill="#38bdf8"/>`,
          ),
        )
        .join('');
      return `<path d="M160 280 H640 L600 590 H200 Z" fill="${c}"/>${fans}<circle cx="400" cy="430" r="40" fill="${DARK}"/><circle cx="400" cy="430" r="10" fill="#38bdf8"/>`;
    }
    case 'keyboard': {
      const keys = Array.from({ length: 4 }, (_, row) =>
        Array.from(
          { length: 11 },
          (_, col) =>
            `<rect x="${175 + col * 42}" y="${340 + row * 42}" width="34" height="34" rx="6" fill="#fff" opacity=".85"/>`,
        ).join(''),
      ).join('');
      return `<rect x="150" y="310" width="500" height="210" rx="24" fill="${c}"/>${keys}<rect x="280" y="478" width="240" height="28" rx="6" fill="#fff" opacity=".85"/>`;
    }
    case 'mouse':
      return `<path d="M400 220 C520 220 560 330 560 430 C560 540 490 600 400 600 C310 600 240 540 240 430 C240 330 280 220 400 220 Z" fill="${c}"/><path d="M400 220 V360" stroke="#fff" stroke-opacity=".4" stroke-width="6"/><rect x="388" y="270" width="24" height="60" rx="12" fill="${METAL}"/>`;
    case 'ssd':
      return `<rect x="250" y="220" width="300" height="380" rx="40" fill="${c}"/><rect x="280" y="250" width="240" height="90" rx="18" fill="#fff" opacity=".15"/>${usbC(378, 570)}<circle cx="400" cy="470" r="10" fill="#fff" opacity=".7"/>`;
    case 'enclosure':
      return `<rect x="190" y="300" width="420" height="220" rx="30" fill="${c}"/><path d="M230 300 V520" stroke="#fff" stroke-opacity=".15" stroke-width="30"/>${usbC(585, 402)}<circle cx="560" cy="340" r="7" fill="#22c55e"/>`;
    case 'pen-drive':
      return `<rect x="230" y="360" width="260" height="110" rx="24" fill="${c}"/><rect x="490" y="380" width="110" height="70" rx="6" fill="${METAL}"/><rect x="520" y="396" width="20" height="14" fill="#94a3b8"/><rect x="555" y="396" width="20" height="14" fill="#94a3b8"/><circle cx="275" cy="415" r="18" fill="#fff" opacity=".9"/>`;
    case 'charger':
      return `<rect x="270" y="240" width="260" height="340" rx="46" fill="${c}" stroke="#cbd5e1" stroke-width="4"/><rect x="330" y="180" width="24" height="70" rx="6" fill="${METAL}"/><rect x="446" y="180" width="24" height="70" rx="6" fill="${METAL}"/><rect x="388" y="160" width="24" height="90" rx="6" fill="${METAL}"/>${usbC(356, 470)}${usbC(356, 510)}<rect x="368" y="420" width="64" height="22" rx="3" fill="${DARK}"/>`;
    case 'cable': {
      const plug = drawing.lan
        ? `<rect x="560" y="200" width="90" height="110" rx="10" fill="#e2e8f0" opacity=".9"/><rect x="575" y="215" width="60" height="40" fill="#facc15"/>`
        : `<rect x="570" y="210" width="70" height="110" rx="16" fill="${METAL}"/><rect x="588" y="190" width="34" height="30" rx="6" fill="#64748b"/>`;
      return `<path d="M200 560 C200 380 420 620 420 430 C420 300 600 380 605 320" stroke="${c}" stroke-width="26" fill="none" stroke-linecap="round"/><rect x="165" y="550" width="70" height="100" rx="16" fill="${METAL}"/>${plug}`;
    }
  }
}

/** Small products are drawn larger, so every picture fills its frame alike. */
const SCALE: Partial<Record<DrawingKind, number>> = { adapter: 1.35, 'pen-drive': 1.3, mouse: 1.1, hub: 1.1 };
const scaled = (drawing: Drawing) => {
  const scale = SCALE[drawing.kind] ?? 1.2;
  return `<g transform="translate(400 420) scale(${scale}) translate(-400 -420)">${body(drawing)}</g>`;
};

/** The SVG text of one product picture. */
export function drawProduct(drawing: Drawing): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_SIZE}" height="${PICTURE_SIZE}" viewBox="0 0 800 800"><defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs><rect width="800" height="800" fill="url(#bg)"/>${SHADOW}${scaled(drawing)}</svg>\n`;
}

/** A category banner (1200×800): the category's typical product on a tinted background. */
export function drawCategory(drawing: Drawing, tint: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${tint}"/><circle cx="980" cy="140" r="220" fill="#fff" opacity=".18"/><circle cx="160" cy="720" r="180" fill="#fff" opacity=".12"/><g transform="translate(200 0)">${SHADOW}${scaled(drawing)}</g></svg>\n`;
}

/** The store's logo: a network-port mark. */
export function drawLogo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d4ed8"/><rect x="14" y="18" width="36" height="30" rx="4" fill="#fff"/><rect x="22" y="26" width="20" height="10" fill="#1d4ed8"/><rect x="27" y="38" width="10" height="6" fill="#1d4ed8"/></svg>\n`;
}
