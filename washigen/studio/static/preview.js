// The design's drawing: fitted or at real size, violations marked where they lie, clicks turned into cells.
// The drawing's user units are millimetres (the SVG's viewBox), so a mark in mm lands where the part is.

const SVG_NS = "http://www.w3.org/2000/svg";
const SCALE_KEY = "washigen-studio-screen-scale";
const NARROW = "(max-width: 700px)";          // the one-column layout (studio.css)
const PAD = 34;                               // the stage's padding around the drawing, px

export function screenScale() {
  const stored = Number(localStorage.getItem(SCALE_KEY));
  return stored > 0.2 && stored < 5 ? stored : 1;
}

// `measured` mm is what a ruler reads on a bar drawn 100 CSS mm long.
export function calibrate(measured) {
  localStorage.setItem(SCALE_KEY, String(100 / measured));
}

export class Preview {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.mode = "fit";
    this.widthMm = 0;
    this.heightMm = 0;
    new ResizeObserver(() => { if (this.mode === "fit") this.setMode("fit"); }).observe(container);
  }

  show(svgText) {
    const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const root = parsed.documentElement;
    if (root.nodeName !== "svg") throw new Error("the server's drawing is not SVG");
    this.widthMm = parseFloat(root.getAttribute("width"));
    this.heightMm = parseFloat(root.getAttribute("height"));
    const svg = document.importNode(root, true);
    svg.classList.add("design");
    svg.setAttribute("role", "img");
    const marks = document.createElementNS(SVG_NS, "g");
    marks.id = "studio-marks";
    svg.append(marks);
    this.container.replaceChildren(svg);
    this.svg = svg;
    this.marks = marks;
    this.setMode(this.mode);
  }

  svgElement() { return this.svg; }

  message(text, failure = false) {
    const p = document.createElement("p");
    p.className = failure ? "failure" : "empty";
    p.textContent = text;
    this.container.replaceChildren(p);
    this.svg = null;
  }

  setStale(stale) {
    this.container.classList.toggle("stale", stale);
  }

  setMode(mode) {
    this.mode = mode;
    this.container.classList.toggle("fit", mode === "fit");
    if (!this.svg) return;
    // On a narrow screen the page scrolls, so the stage takes the drawing's height (at most 80 % of the screen's)
    // rather than a fixed one: a long thin map leaves no empty band above and below it.
    const narrow = window.matchMedia(NARROW).matches;
    const most = 0.8 * window.innerHeight;
    if (mode === "real") {
      this.svg.style.width = `${this.widthMm * screenScale()}mm`;
      this.svg.style.height = `${this.heightMm * screenScale()}mm`;
      this.container.style.height = narrow ? `${Math.min(this.svg.getBoundingClientRect().height + PAD, most)}px`
        : "";
      return;
    }
    // fitted: the largest size that shows the whole part in the stage, its proportions kept
    const box = this.container.getBoundingClientRect();
    const room = { w: Math.max(box.width - PAD, 50), h: Math.max((narrow ? most : box.height) - PAD, 50) };
    const scale = Math.min(room.w / this.widthMm, room.h / this.heightMm);
    this.svg.style.width = `${this.widthMm * scale}px`;
    this.svg.style.height = `${this.heightMm * scale}px`;
    const height = narrow ? `${Math.max(this.heightMm * scale + PAD, 120)}px` : "";
    if (this.container.style.height !== height) this.container.style.height = height;
  }

  // rects: [{x, y, w, h, severity, index}] in mm.
  drawMarks(rects, selected, onPick) {
    if (!this.svg) return;
    this.marks.replaceChildren();
    for (const rect of rects) {
      const r = document.createElementNS(SVG_NS, "rect");
      const pad = rect.w * 0.08;
      r.setAttribute("x", rect.x - pad);
      r.setAttribute("y", rect.y - pad);
      r.setAttribute("width", rect.w + 2 * pad);
      r.setAttribute("height", rect.h + 2 * pad);
      r.setAttribute("rx", rect.w * 0.15);
      r.setAttribute("class", `mark ${rect.severity}${rect.index === selected ? " selected" : ""}`);
      r.dataset.index = rect.index;
      if (onPick) r.addEventListener("click", (event) => { event.stopPropagation(); onPick(rect.index); });
      this.marks.append(r);
    }
    const chosen = this.marks.querySelector(".selected");
    if (chosen) {
      this.marks.append(chosen);       // on top of the others
      chosen.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  // Cells a replayed step names, outlined (rects in mm; none clears them).
  showStep(rects) {
    if (!this.svg) return;
    for (const old of this.marks.querySelectorAll(".step-mark")) old.remove();
    for (const rect of rects) {
      const r = document.createElementNS(SVG_NS, "rect");
      for (const [key, value] of Object.entries({ x: rect.x, y: rect.y, width: rect.w, height: rect.h })) {
        r.setAttribute(key, value);
      }
      r.setAttribute("class", "step-mark");
      this.marks.append(r);
    }
  }

  // The point under a mouse event, in the drawing's mm.
  pointAt(event) {
    if (!this.svg) return null;
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  }

  hover(rect, picked = false) {
    if (!this.svg) return;
    let box = this.marks.querySelector(".hover-cell");
    if (!rect) { if (box) box.remove(); return; }
    if (!box) {
      box = document.createElementNS(SVG_NS, "rect");
      box.setAttribute("class", "hover-cell");
      this.marks.append(box);
    }
    box.setAttribute("x", rect.x);
    box.setAttribute("y", rect.y);
    box.setAttribute("width", rect.w);
    box.setAttribute("height", rect.h);
    box.classList.toggle("picked", picked);
  }
}

// Cell (row, col, and where in it: dx, dy from 0 to 1) under a point, for a grid from the server's geometry.
export function cellAt(geometry, point) {
  if (!geometry || !point) return null;
  const fx = (point.x - geometry.x) / geometry.pitch_x;
  const fy = (point.y - geometry.y) / geometry.pitch_y;
  const col = Math.floor(fx) + 1;
  const line = Math.floor(fy);
  const dx = (fx - (col - 1)) * geometry.pitch_x / geometry.w;
  const dy = (fy - line) * geometry.pitch_y / geometry.h;
  if (dx > 1 || dy > 1) return null;                     // in the gap between two cells
  const row = geometry.rows_up ? geometry.rows - line : line + 1;
  if (row < 1 || col < 1 || row > geometry.rows || col > geometry.cols) return null;
  return { row, col, dx, dy };
}

export function cellRect(geometry, row, col) {
  const line = geometry.rows_up ? geometry.rows - row : row - 1;
  return { x: geometry.x + (col - 1) * geometry.pitch_x, y: geometry.y + line * geometry.pitch_y,
           w: geometry.w, h: geometry.h };
}
