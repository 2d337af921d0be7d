// Generates the landing page's artwork: stylised SVG scenes of Bali rendered by sharp into
// responsive AVIF and WebP files in src/client/public/images/. No stock photos are reachable from
// the build machine, so the pictures are drawn here; the output is committed (about 1 MB) so a
// normal build needs neither sharp nor this script. Re-run after changing a scene:
//   node scripts/generate-images.mjs
// The names, sizes and widths must match src/client/features/landing/content/images.ts.
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const outDir = join(import.meta.dirname, "..", "src", "client", "public", "images");

/** Deterministic random numbers, so re-running the script gives the same pictures. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Math.round(n * 10) / 10;

function gradient(id, stops, { x2 = 0, y2 = 1 } = {}) {
  const s = stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function radial(id, stops, { cx = 0.5, cy = 0.5, r = 0.5 } = {}) {
  const s = stops.map(([o, c, op = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${op}"/>`).join("");
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`;
}

/** A soft ridge line from left to right, filled down to the bottom of the picture. */
function ridge(w, h, { y, amp, seed, waves = 4, fill, peak }) {
  const r = rng(seed);
  const phases = Array.from({ length: waves }, () => r() * Math.PI * 2);
  const points = [];
  const steps = 60;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * w;
    let dy = 0;
    for (let k = 0; k < waves; k++) dy += Math.sin((x / w) * Math.PI * (k + 1) * 1.3 + phases[k]) / (k + 1);
    let yy = y + dy * amp * 0.5;
    if (peak) {
      // A volcano cone: a sharp rise around peak.x with a flattened crater top.
      const d = Math.abs(x - peak.x) / peak.width;
      const cone = Math.max(0, 1 - d);
      yy -= Math.min(cone ** 1.35, 0.92) * peak.height;
    }
    points.push(`${f(x)},${f(yy)}`);
  }
  return `<path d="M0,${h} L${points.join(" L")} L${w},${h} Z" fill="${fill}"/>`;
}

function sun(cx, cy, r, core, glowId) {
  return `<circle cx="${cx}" cy="${cy}" r="${r * 4}" fill="url(#${glowId})"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${core}"/>`;
}

/** A palm tree silhouette: a leaning, tapering trunk and a crown of drooping fronds. */
function palm(x, baseY, height, lean, color, seed = 1) {
  const r = rng(seed);
  const topX = x + lean;
  const topY = baseY - height;
  const cx = x + lean * 0.2;
  const cy = baseY - height * 0.55;
  const wBase = height * 0.035;
  const wTop = height * 0.018;
  let out = `<path d="M${f(x - wBase)},${baseY} Q${f(cx - wBase)},${f(cy)} ${f(topX - wTop)},${f(topY)} L${f(topX + wTop)},${f(topY)} Q${f(cx + wBase)},${f(cy)} ${f(x + wBase)},${baseY} Z" fill="${color}"/>`;
  const fronds = 9;
  for (let i = 0; i < fronds; i++) {
    const angle = -Math.PI + (i / (fronds - 1)) * Math.PI + (r() - 0.5) * 0.25;
    const len = height * (0.32 + r() * 0.12);
    const ex = topX + Math.cos(angle) * len;
    const ey = topY + Math.sin(angle) * len * 0.45 + len * 0.42;
    const mx = topX + Math.cos(angle) * len * 0.55;
    const my = topY + Math.sin(angle) * len * 0.6 - len * 0.1;
    const t = height * 0.03;
    out += `<path d="M${f(topX)},${f(topY)} Q${f(mx)},${f(my - t)} ${f(ex)},${f(ey)} Q${f(mx)},${f(my + t)} ${f(topX)},${f(topY)} Z" fill="${color}"/>`;
  }
  return out;
}

/** Curved rice-terrace bands stepping down the hillside, each with a thin water line. */
function terraces(w, h, { top, rows, seed, colors, line }) {
  const r = rng(seed);
  let out = "";
  const bandH = (h - top) / rows;
  for (let i = 0; i < rows; i++) {
    const y = top + i * bandH;
    const a = bandH * (0.6 + r() * 0.5);
    const p = r() * w;
    const c = colors[i % colors.length];
    const d = `M0,${f(y + a * Math.sin(p))} C${f(w * 0.25)},${f(y - a)} ${f(w * 0.5)},${f(y + a)} ${f(w * 0.75)},${f(y - a * 0.4)} S${w},${f(y + a * 0.5)} ${w},${f(y)} L${w},${h} L0,${h} Z`;
    out += `<path d="${d}" fill="${c}"/>`;
    out += `<path d="M0,${f(y + a * Math.sin(p))} C${f(w * 0.25)},${f(y - a)} ${f(w * 0.5)},${f(y + a)} ${f(w * 0.75)},${f(y - a * 0.4)} S${w},${f(y + a * 0.5)} ${w},${f(y)}" fill="none" stroke="${line}" stroke-width="${f(Math.max(1.5, bandH * 0.05))}" stroke-opacity="0.55"/>`;
  }
  return out;
}

function shimmer(w, yTop, yBottom, seed, color, count = 40, x0 = 0) {
  const r = rng(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const y = yTop + (yBottom - yTop) * r() ** 0.8;
    const len = 20 + r() * 120 * ((y - yTop) / (yBottom - yTop) + 0.3);
    const x = x0 + r() * w;
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(len)}" height="${f(1.5 + r() * 2)}" rx="1" fill="${color}" opacity="${f(0.25 + r() * 0.4)}"/>`;
  }
  return out;
}

/** A Balinese split gate (candi bentar): two stepped towers mirrored around a gap. */
function splitGate(cx, baseY, height, color, accent) {
  const half = (side) => {
    const s = side;
    const g = height * 0.08;
    const wBase = height * 0.42;
    const tiers = 7;
    let d = `M${f(cx + s * g)},${baseY}`;
    for (let i = 0; i < tiers; i++) {
      const y = baseY - (height * (i + 1)) / tiers;
      const yPrev = baseY - (height * i) / tiers;
      const outer = cx + s * (g + wBase * (1 - i / tiers) ** 1.1);
      const inset = cx + s * (g + wBase * (1 - (i + 0.6) / tiers) ** 1.1);
      d += ` L${f(outer)},${f(yPrev)} L${f(outer)},${f(y + height * 0.03)} L${f(inset)},${f(y + height * 0.03)}`;
    }
    d += ` L${f(cx + s * g)},${f(baseY - height)} Z`;
    return `<path d="${d}" fill="${color}"/>`;
  };
  const steps = `<rect x="${f(cx - height * 0.6)}" y="${f(baseY)}" width="${f(height * 1.2)}" height="${f(height * 0.05)}" fill="${color}"/><rect x="${f(cx - height * 0.75)}" y="${f(baseY + height * 0.05)}" width="${f(height * 1.5)}" height="${f(height * 0.05)}" fill="${color}"/>`;
  const flame = `<path d="M${cx},${f(baseY - height * 0.25)} q${f(height * 0.03)},${f(height * 0.05)} 0,${f(height * 0.09)} q${f(-height * 0.03)},${f(-height * 0.04)} 0,${f(-height * 0.09)} Z" fill="${accent}"/>`;
  return half(-1) + half(1) + steps + flame;
}

function stars(w, h, seed, count, color = "#fff8e6") {
  const r = rng(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(0.6 + r() * 1.6)}" fill="${color}" opacity="${f(0.3 + r() * 0.7)}"/>`;
  }
  return out;
}

function frame(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

// Every scene draws on a 1600-wide canvas; the aspect ratio comes from its height.
const scenes = {
  /** Hero: Mount Batur at sunrise above rice terraces. */
  "hero-batur-sunrise": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#2b2a4a"],
        [0.38, "#8c4a5c"],
        [0.62, "#e08a5a"],
        [0.8, "#f3c27a"],
      ]) +
        radial("glow", [
          [0, "#fff1c9", 0.95],
          [0.35, "#ffd591", 0.45],
          [1, "#ffb36b", 0],
        ]) +
        gradient("mist", [
          [0, "#f6d9a8", 0],
          [1, "#f6d9a8", 0.55],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h * 0.3, 3, 40)}${sun(w * 0.62, h * 0.5, h * 0.07, "#fff4d6", "glow")}` +
        ridge(w, h, {
          y: h * 0.6,
          amp: 40,
          seed: 11,
          fill: "#6d4a63",
          peak: { x: w * 0.62, width: w * 0.34, height: h * 0.3 },
        }) +
        ridge(w, h, {
          y: h * 0.64,
          amp: 60,
          seed: 12,
          fill: "#54405a",
          peak: { x: w * 0.2, width: w * 0.3, height: h * 0.12 },
        }) +
        `<rect y="${h * 0.5}" width="${w}" height="${h * 0.2}" fill="url(#mist)"/>` +
        ridge(w, h, { y: h * 0.72, amp: 50, seed: 13, fill: "#2f4a3f" }) +
        terraces(w, h, {
          top: h * 0.78,
          rows: 6,
          seed: 14,
          colors: ["#2d5a44", "#24503b", "#336b4c", "#1e4533"],
          line: "#f3c27a",
        }) +
        palm(w * 0.1, h * 0.95, h * 0.5, 30, "#12261e", 2) +
        palm(w * 0.17, h * 0.98, h * 0.36, -20, "#12261e", 5) +
        palm(w * 0.9, h * 0.96, h * 0.44, -40, "#12261e", 7),
    ),
  /** About: temple split gate at golden hour. */
  "about-temple-gate": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#f1b77c"],
        [0.55, "#f6d7a4"],
        [1, "#f3e3c3"],
      ]) +
        radial("glow", [
          [0, "#fff6de", 1],
          [1, "#ffe2a8", 0],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(w * 0.5, h * 0.5, h * 0.06, "#fff8e8", "glow")}` +
        ridge(w, h, { y: h * 0.68, amp: 40, seed: 21, fill: "#c98d63" }) +
        splitGate(w * 0.5, h * 0.82, h * 0.52, "#5a3326", "#f7c66b") +
        `<rect y="${h * 0.92}" width="${w}" height="${h * 0.08}" fill="#4a2a20"/>` +
        palm(w * 0.08, h * 0.94, h * 0.55, 40, "#3b2a22", 9) +
        palm(w * 0.93, h * 0.94, h * 0.48, -30, "#3b2a22", 10),
    ),
  "gallery-rice-terraces": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#cfe3da"],
        [1, "#f4ecd4"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        ridge(w, h, { y: h * 0.3, amp: 50, seed: 31, fill: "#9bb9a4" }) +
        ridge(w, h, { y: h * 0.38, amp: 50, seed: 32, fill: "#6f9a7d" }) +
        terraces(w, h, {
          top: h * 0.42,
          rows: 9,
          seed: 33,
          colors: ["#7fae5c", "#6b9c4b", "#8cbb66", "#5f8e44", "#9ec46f"],
          line: "#e8f2c8",
        }) +
        palm(w * 0.78, h * 0.62, h * 0.34, -15, "#2f4a2c", 34) +
        palm(w * 0.85, h * 0.66, h * 0.3, 20, "#2f4a2c", 35),
    ),
  "gallery-nusa-penida": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#8fc7d8"],
        [1, "#e7f1ea"],
      ]) +
        gradient("sea", [
          [0, "#3aa3a8"],
          [1, "#0f5c6b"],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/><rect y="${h * 0.45}" width="${w}" height="${h * 0.55}" fill="url(#sea)"/>${shimmer(w, h * 0.47, h, 36, "#e9fbf7", 50)}` +
        `<path d="M${w * 0.25},${h} L${w * 0.3},${h * 0.6} Q${w * 0.36},${h * 0.36} ${w * 0.45},${h * 0.4} Q${w * 0.52},${h * 0.3} ${w * 0.58},${h * 0.42} Q${w * 0.64},${h * 0.55} ${w * 0.7},${h * 0.52} Q${w * 0.82},${h * 0.5} ${w * 0.86},${h * 0.7} L${w * 0.9},${h} Z" fill="#4f7a45"/>` +
        `<path d="M${w * 0.3},${h * 0.6} Q${w * 0.36},${h * 0.36} ${w * 0.45},${h * 0.4} L${w * 0.47},${h} L${w * 0.25},${h} Z" fill="#b58a5e" opacity="0.55"/>` +
        `<path d="M${w * 0.7},${h * 0.52} Q${w * 0.82},${h * 0.5} ${w * 0.86},${h * 0.7} L${w * 0.9},${h} L${w * 0.72},${h} Z" fill="#a47a52" opacity="0.5"/>` +
        `<path d="M0,${h * 0.93} Q${w * 0.2},${h * 0.88} ${w * 0.32},${h * 0.95} L${w * 0.32},${h} L0,${h} Z" fill="#f1e2bf"/>`,
    ),
  "gallery-volcano-sunrise": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#1f2747"],
        [0.5, "#b65c63"],
        [0.85, "#f6b777"],
      ]) +
        radial("glow", [
          [0, "#fff1c9", 1],
          [1, "#ffb36b", 0],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h * 0.35, 41, 60)}${sun(w * 0.3, h * 0.62, h * 0.05, "#fff4d6", "glow")}` +
        `<rect y="${h * 0.6}" width="${w}" height="${h * 0.12}" fill="#f8d4a8" opacity="0.35"/>` +
        ridge(w, h, {
          y: h * 0.68,
          amp: 20,
          seed: 42,
          fill: "#3d2c45",
          peak: { x: w * 0.68, width: w * 0.3, height: h * 0.3 },
        }) +
        ridge(w, h, { y: h * 0.82, amp: 30, seed: 43, fill: "#1f1a2b" }) +
        `<g fill="#f5d48c">${[0.1, 0.14, 0.19, 0.23, 0.28].map((x, i) => `<circle cx="${w * x}" cy="${h * (0.84 - i * 0.012)}" r="4"/>`).join("")}</g>`,
    ),
  "gallery-jungle-villa": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#f0c48e"],
        [1, "#f8e7c7"],
      ]) +
        gradient("pool", [
          [0, "#5fc6c4"],
          [1, "#1f8a8f"],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        ridge(w, h, { y: h * 0.35, amp: 60, seed: 51, fill: "#3f6b47" }) +
        ridge(w, h, { y: h * 0.45, amp: 60, seed: 52, fill: "#2e553a" }) +
        `<rect x="${w * 0.25}" y="${h * 0.46}" width="${w * 0.5}" height="${h * 0.2}" fill="#efe1c6"/>` +
        `<path d="M${w * 0.2},${h * 0.47} L${w * 0.36},${h * 0.3} L${w * 0.64},${h * 0.3} L${w * 0.8},${h * 0.47} Z" fill="#7a5432"/>` +
        `<path d="M${w * 0.22},${h * 0.47} L${w * 0.78},${h * 0.47}" stroke="#5e3f24" stroke-width="6"/>` +
        [0.3, 0.42, 0.54, 0.66]
          .map(
            (x) =>
              `<rect x="${w * x}" y="${h * 0.5}" width="${w * 0.07}" height="${h * 0.13}" fill="#f7c97a" opacity="0.85"/>`,
          )
          .join("") +
        `<rect y="${h * 0.66}" width="${w}" height="${h * 0.06}" fill="#d9c3a0"/>` +
        `<rect x="${w * 0.12}" y="${h * 0.72}" width="${w * 0.76}" height="${h * 0.2}" fill="url(#pool)"/>${shimmer(w * 0.62, h * 0.74, h * 0.9, 53, "#e8fffb", 24, w * 0.14)}` +
        `<rect y="${h * 0.92}" width="${w}" height="${h * 0.08}" fill="#c9ae86"/>` +
        palm(w * 0.08, h * 0.9, h * 0.7, 30, "#23402b", 54) +
        palm(w * 0.94, h * 0.9, h * 0.62, -35, "#23402b", 55),
    ),
  "gallery-temple-gate": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#3b3f6b"],
        [0.6, "#c8716a"],
        [1, "#f2b27d"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h * 0.4, 61, 50)}` +
        `<rect y="${h * 0.78}" width="${w}" height="${h * 0.22}" fill="#6a3b4a" opacity="0.6"/>` +
        splitGate(w * 0.5, h * 0.82, h * 0.6, "#2a1a24", "#ffc46b") +
        `<rect y="${h * 0.92}" width="${w}" height="${h * 0.08}" fill="#1f1219"/>`,
    ),
  "gallery-kuta-sunset": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#5a3b6b"],
        [0.45, "#e0706a"],
        [0.7, "#f6b26b"],
      ]) +
        gradient("sea", [
          [0, "#d98a6d"],
          [1, "#5a3b5b"],
        ]) +
        radial("glow", [
          [0, "#fff0c4", 1],
          [1, "#ffb36b", 0],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(w * 0.55, h * 0.6, h * 0.08, "#ffe6b0", "glow")}` +
        `<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="url(#sea)"/>${shimmer(w, h * 0.63, h * 0.85, 71, "#ffd9a0", 60)}` +
        `<path d="M0,${h * 0.86} Q${w * 0.5},${h * 0.8} ${w},${h * 0.88} L${w},${h} L0,${h} Z" fill="#e7b98b"/>` +
        `<path d="M0,${h * 0.86} Q${w * 0.5},${h * 0.8} ${w},${h * 0.88}" stroke="#fff1dc" stroke-width="4" fill="none" opacity="0.7"/>` +
        palm(w * 0.12, h * 0.95, h * 0.62, 50, "#2a1726", 72) +
        palm(w * 0.86, h * 0.97, h * 0.5, -25, "#2a1726", 73),
    ),
  "gallery-waterfall": (w, h) =>
    frame(
      w,
      h,
      gradient("fall", [
        [0, "#e9f7f3"],
        [1, "#a9d9cf"],
      ]),
      `<rect width="${w}" height="${h}" fill="#1f4a3a"/>` +
        `<path d="M${w * 0.38},0 L${w * 0.62},0 L${w * 0.66},${h * 0.78} L${w * 0.34},${h * 0.78} Z" fill="url(#fall)"/>` +
        Array.from(
          { length: 14 },
          (_, i) =>
            `<rect x="${f(w * (0.38 + i * 0.018))}" y="0" width="3" height="${h * 0.78}" fill="#ffffff" opacity="0.35"/>`,
        ).join("") +
        `<path d="M0,0 L${w * 0.4},0 Q${w * 0.3},${h * 0.5} ${w * 0.35},${h * 0.8} L0,${h * 0.8} Z" fill="#2f5f45"/>` +
        `<path d="M${w},0 L${w * 0.6},0 Q${w * 0.72},${h * 0.5} ${w * 0.65},${h * 0.8} L${w},${h * 0.8} Z" fill="#2b5640"/>` +
        `<ellipse cx="${w * 0.5}" cy="${h * 0.82}" rx="${w * 0.42}" ry="${h * 0.08}" fill="#5fb3a6"/>` +
        `<ellipse cx="${w * 0.5}" cy="${h * 0.79}" rx="${w * 0.2}" ry="${h * 0.03}" fill="#f1fbf8" opacity="0.8"/>` +
        `<rect y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="#173a2c"/>` +
        palm(w * 0.1, h * 0.95, h * 0.55, 25, "#0f2a1f", 81) +
        palm(w * 0.9, h * 0.95, h * 0.5, -25, "#0f2a1f", 82),
    ),
  "gallery-lotus-pond": (w, h) => {
    const lotus = (cx, cy, s, c1, c2) =>
      [-60, -30, 0, 30, 60]
        .map(
          (a) =>
            `<path transform="rotate(${a} ${cx} ${cy + s * 0.6})" d="M${cx},${cy + s * 0.6} Q${cx - s * 0.3},${cy} ${cx},${cy - s * 0.5} Q${cx + s * 0.3},${cy} ${cx},${cy + s * 0.6} Z" fill="${Math.abs(a) > 30 ? c2 : c1}"/>`,
        )
        .join("");
    const r = rng(91);
    let pads = "";
    for (let i = 0; i < 14; i++) {
      const x = r() * w;
      const y = h * 0.2 + r() * h * 0.75;
      const s = 40 + r() * 70;
      pads += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(s)}" ry="${f(s * 0.45)}" fill="${r() > 0.5 ? "#3f7a4c" : "#4f8d57"}"/>`;
    }
    return frame(
      w,
      h,
      gradient("water", [
        [0, "#1d4a52"],
        [1, "#2f6a64"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#water)"/>${shimmer(w, 0, h, 92, "#bfe6df", 40)}${pads}` +
        lotus(w * 0.38, h * 0.52, 160, "#f4b6c2", "#e68fa3") +
        lotus(w * 0.7, h * 0.3, 100, "#f7c9d2", "#eaa0b2"),
    );
  },
  "gallery-palm-grove": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#f7d9a0"],
        [1, "#fbeed3"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        ridge(w, h, { y: h * 0.7, amp: 30, seed: 101, fill: "#c9b27e" }) +
        [0.08, 0.22, 0.37, 0.5, 0.63, 0.78, 0.92]
          .map((x, i) =>
            palm(
              w * x,
              h * 0.98,
              h * (0.6 + (i % 3) * 0.12),
              (i % 2 ? -1 : 1) * 30,
              i % 2 ? "#3c5a3a" : "#2d472c",
              102 + i,
            ),
          )
          .join("") +
        `<rect y="${h * 0.95}" width="${w}" height="${h * 0.05}" fill="#8a6b45"/>`,
    ),
  "gallery-canang-sari": (w, h) => {
    const cx = w / 2;
    const cy = h / 2;
    const s = Math.min(w, h) * 0.3;
    const flowers = [
      ["#f3f0e6", -1, -1],
      ["#e94f6b", 1, -1],
      ["#f6c343", 1, 1],
      ["#7b5fc0", -1, 1],
    ];
    let petals = "";
    for (const [c, sx, sy] of flowers) {
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2;
        petals += `<ellipse cx="${f(cx + sx * s * 0.45 + Math.cos(a) * s * 0.14)}" cy="${f(cy + sy * s * 0.45 + Math.sin(a) * s * 0.14)}" rx="${f(s * 0.13)}" ry="${f(s * 0.08)}" transform="rotate(${f((a * 180) / Math.PI)} ${f(cx + sx * s * 0.45 + Math.cos(a) * s * 0.14)} ${f(cy + sy * s * 0.45 + Math.sin(a) * s * 0.14)})" fill="${c}"/>`;
      }
      petals += `<circle cx="${f(cx + sx * s * 0.45)}" cy="${f(cy + sy * s * 0.45)}" r="${f(s * 0.07)}" fill="#f2a93b"/>`;
    }
    return frame(
      w,
      h,
      radial("stone", [
        [0, "#b89a7a"],
        [1, "#6e5442"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#stone)"/>` +
        `<rect x="${cx - s * 1.05}" y="${cy - s * 1.05}" width="${s * 2.1}" height="${s * 2.1}" rx="${s * 0.12}" fill="#9fbf5a" transform="rotate(8 ${cx} ${cy})"/>` +
        `<rect x="${cx - s * 0.95}" y="${cy - s * 0.95}" width="${s * 1.9}" height="${s * 1.9}" rx="${s * 0.1}" fill="#c6d98a" transform="rotate(8 ${cx} ${cy})"/>` +
        petals +
        `<circle cx="${cx}" cy="${cy}" r="${s * 0.16}" fill="#5c8a3c"/><path d="M${cx},${cy - s * 0.3} L${cx},${cy - s * 0.85}" stroke="#3a2a20" stroke-width="${s * 0.025}"/><path d="M${cx},${cy - s * 0.85} q${s * 0.05},${-s * 0.2} ${s * 0.02},${-s * 0.4}" stroke="#e8e1d6" stroke-width="${s * 0.03}" fill="none" opacity="0.6"/>`,
    );
  },
  "gallery-full-moon": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#0d1a33"],
        [1, "#24406b"],
      ]) +
        radial("moon", [
          [0, "#fff8e4", 1],
          [0.2, "#fff1cf", 0.5],
          [1, "#fff1cf", 0],
        ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h * 0.6, 111, 120)}<circle cx="${w * 0.7}" cy="${h * 0.28}" r="${h * 0.4}" fill="url(#moon)"/><circle cx="${w * 0.7}" cy="${h * 0.28}" r="${h * 0.08}" fill="#fff6de"/>` +
        `<rect y="${h * 0.62}" width="${w}" height="${h * 0.38}" fill="#142a4a"/>` +
        `<rect x="${w * 0.66}" y="${h * 0.63}" width="${w * 0.08}" height="${h * 0.3}" fill="#fff1cf" opacity="0.25"/>${shimmer(w, h * 0.64, h * 0.95, 112, "#fff1cf", 40)}` +
        `<path d="M0,${h * 0.7} Q${w * 0.15},${h * 0.55} ${w * 0.3},${h * 0.68} L${w * 0.3},${h} L0,${h} Z" fill="#0a1426"/>` +
        palm(w * 0.12, h * 0.75, h * 0.45, 35, "#0a1426", 113),
    ),
  "gallery-bamboo-pavilion": (w, h) =>
    frame(
      w,
      h,
      gradient("sky", [
        [0, "#dfe9cf"],
        [1, "#f6efdc"],
      ]),
      `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        ridge(w, h, { y: h * 0.45, amp: 50, seed: 121, fill: "#8fb48a" }) +
        `<path d="M${w * 0.12},${h * 0.42} Q${w * 0.5},${h * 0.08} ${w * 0.88},${h * 0.42} Z" fill="#8b6a3e"/>` +
        `<path d="M${w * 0.16},${h * 0.42} Q${w * 0.5},${h * 0.14} ${w * 0.84},${h * 0.42}" stroke="#6f5230" stroke-width="8" fill="none"/>` +
        [0.2, 0.35, 0.5, 0.65, 0.8]
          .map((x) => `<rect x="${w * x - 8}" y="${h * 0.42}" width="16" height="${h * 0.36}" fill="#b58c52"/>`)
          .join("") +
        `<rect x="${w * 0.08}" y="${h * 0.78}" width="${w * 0.84}" height="${h * 0.05}" fill="#a47c48"/>` +
        [0.3, 0.42, 0.58, 0.7]
          .map((x) => `<ellipse cx="${w * x}" cy="${h * 0.76}" rx="${w * 0.035}" ry="${h * 0.02}" fill="#d9a05b"/>`)
          .join("") +
        `<rect y="${h * 0.83}" width="${w}" height="${h * 0.17}" fill="#5f8f55"/>` +
        palm(w * 0.04, h * 0.95, h * 0.6, 20, "#365c37", 122) +
        palm(w * 0.97, h * 0.95, h * 0.55, -20, "#365c37", 123),
    ),
  "gallery-plant-feast": (w, h) => {
    const r = rng(131);
    const bowl = (cx, cy, s, fills) => {
      let out = `<circle cx="${cx}" cy="${cy}" r="${s}" fill="#f4ecdf"/><circle cx="${cx}" cy="${cy}" r="${s * 0.86}" fill="#e7dccb"/>`;
      fills.forEach((c, i) => {
        const a = (i / fills.length) * Math.PI * 2;
        out += `<path d="M${cx},${cy} L${f(cx + Math.cos(a) * s * 0.8)},${f(cy + Math.sin(a) * s * 0.8)} A${s * 0.8},${s * 0.8} 0 0 1 ${f(cx + Math.cos(a + (Math.PI * 2) / fills.length) * s * 0.8)},${f(cy + Math.sin(a + (Math.PI * 2) / fills.length) * s * 0.8)} Z" fill="${c}"/>`;
      });
      for (let i = 0; i < 10; i++) {
        out += `<circle cx="${f(cx + (r() - 0.5) * s * 1.1)}" cy="${f(cy + (r() - 0.5) * s * 1.1)}" r="${f(s * 0.05)}" fill="#f9f3e2" opacity="0.8"/>`;
      }
      return out;
    };
    return frame(
      w,
      h,
      "",
      `<rect width="${w}" height="${h}" fill="#6b4a33"/>` +
        Array.from({ length: 8 }, (_, i) => `<rect y="${(h / 8) * i}" width="${w}" height="2" fill="#5a3d2a"/>`).join(
          "",
        ) +
        bowl(w * 0.3, h * 0.4, h * 0.26, ["#7cb342", "#f2a93b", "#e2574c", "#8e6bbf"]) +
        bowl(w * 0.68, h * 0.58, h * 0.3, ["#a3c86a", "#f7d36b", "#d76e3b", "#4f8d57", "#f08a8a"]) +
        bowl(w * 0.84, h * 0.2, h * 0.14, ["#c0392b", "#f39c12"]) +
        `<ellipse cx="${w * 0.12}" cy="${h * 0.8}" rx="${h * 0.12}" ry="${h * 0.05}" fill="#9fbf5a"/>` +
        `<path d="M${w * 0.5},${h * 0.05} L${w * 0.52},${h * 0.3}" stroke="#d9c7a5" stroke-width="10" stroke-linecap="round"/>`,
    );
  },
  /** Team portraits: soft illustrated busts, deliberately not photographs of real people. */
  "team-founder": (w, h) =>
    portrait(w, h, { bg: ["#f3d9b8", "#e8b98c"], skin: "#c88d66", hair: "#3b2418", top: "#0f5c4d", seed: 141 }),
  "team-coordinator": (w, h) =>
    portrait(w, h, {
      bg: ["#d6e6d9", "#a9c9b5"],
      skin: "#9c6b48",
      hair: "#1d130e",
      top: "#9a4a22",
      seed: 151,
      long: true,
    }),
};

function portrait(w, h, { bg, skin, hair, top, long = false }) {
  const cx = w / 2;
  return frame(
    w,
    h,
    gradient("bg", [
      [0, bg[0]],
      [1, bg[1]],
    ]),
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
      `<circle cx="${w * 0.78}" cy="${h * 0.2}" r="${w * 0.1}" fill="#fff5e0" opacity="0.6"/>` +
      (long
        ? `<path d="M${cx - w * 0.2},${h * 0.38} Q${cx - w * 0.24},${h * 0.7} ${cx - w * 0.16},${h * 0.78} L${cx + w * 0.16},${h * 0.78} Q${cx + w * 0.24},${h * 0.7} ${cx + w * 0.2},${h * 0.38} Z" fill="${hair}"/>`
        : "") +
      `<rect x="${cx - w * 0.06}" y="${h * 0.5}" width="${w * 0.12}" height="${h * 0.16}" rx="${w * 0.05}" fill="${skin}"/>` +
      `<path d="M${cx - w * 0.38},${h} Q${cx - w * 0.36},${h * 0.66} ${cx},${h * 0.63} Q${cx + w * 0.36},${h * 0.66} ${cx + w * 0.38},${h} Z" fill="${top}"/>` +
      `<path d="M${cx - w * 0.07},${h * 0.635} Q${cx},${h * 0.69} ${cx + w * 0.07},${h * 0.635}" fill="${skin}"/>` +
      `<ellipse cx="${cx}" cy="${h * 0.42}" rx="${w * 0.15}" ry="${h * 0.15}" fill="${skin}"/>` +
      `<path d="M${cx - w * 0.16},${h * 0.42} Q${cx - w * 0.17},${h * 0.24} ${cx},${h * 0.245} Q${cx + w * 0.18},${h * 0.25} ${cx + w * 0.16},${h * 0.42} Q${cx + w * 0.1},${h * 0.3} ${cx - w * 0.02},${h * 0.31} Q${cx - w * 0.12},${h * 0.32} ${cx - w * 0.16},${h * 0.42} Z" fill="${hair}"/>` +
      `<path d="M${cx - w * 0.38},${h} Q${cx - w * 0.36},${h * 0.66} ${cx},${h * 0.63}" stroke="#ffffff" stroke-opacity="0.15" stroke-width="6" fill="none"/>`,
  );
}

/** name -> [width, height, output widths]. Mirrors content/images.ts. */
export const images = {
  "hero-batur-sunrise": [1600, 1000, [640, 1024, 1600, 2200]],
  "about-temple-gate": [1200, 1500, [480, 800]],
  "gallery-rice-terraces": [1200, 900, [400, 800]],
  "gallery-nusa-penida": [1200, 900, [400, 800]],
  "gallery-volcano-sunrise": [1200, 900, [400, 800]],
  "gallery-jungle-villa": [1200, 900, [400, 800]],
  "gallery-temple-gate": [1200, 1500, [400, 800]],
  "gallery-kuta-sunset": [1200, 900, [400, 800]],
  "gallery-waterfall": [1200, 1500, [400, 800]],
  "gallery-lotus-pond": [1200, 900, [400, 800]],
  "gallery-palm-grove": [1200, 900, [400, 800]],
  "gallery-canang-sari": [1200, 1200, [400, 800]],
  "gallery-full-moon": [1200, 900, [400, 800]],
  "gallery-bamboo-pavilion": [1200, 900, [400, 800]],
  "gallery-plant-feast": [1200, 900, [400, 800]],
  "team-founder": [800, 1000, [320, 640]],
  "team-coordinator": [800, 1000, [320, 640]],
};

/** `node scripts/generate-images.mjs [name ...]`: all pictures, or only the named ones. */
async function main() {
  const only = process.argv.slice(2);
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir)) {
    if (only.length === 0 || only.some((name) => file.startsWith(`${name}-`))) rmSync(join(outDir, file));
  }
  let total = 0;
  for (const [name, [w, h, widths]] of Object.entries(images)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const svg = Buffer.from(scenes[name](w, h));
    for (const width of widths) {
      // Render the vector at the target size (density) instead of scaling a bitmap: crisp edges.
      const density = Math.max(1, Math.round((72 * width) / w));
      const base = sharp(svg, { density }).resize({ width });
      const avif = join(outDir, `${name}-${width}.avif`);
      const webp = join(outDir, `${name}-${width}.webp`);
      await base.clone().avif({ quality: 52, effort: 6, chromaSubsampling: "4:2:0" }).toFile(avif);
      await base.clone().webp({ quality: 74, effort: 6 }).toFile(webp);
      total += statSync(avif).size + statSync(webp).size;
    }
  }
  console.log(`wrote ${readdirSync(outDir).length} files, ${(total / 1024).toFixed(0)} KiB, to ${outDir}`);
}

if (process.argv[1] === import.meta.filename) await main();
