// Editing designs in their JSON form: Tokyo Washi Game Cats maps and set-ups (cell kinds, openings, sewers), Cat
// Tree layouts (cards on the grid), Trail Route setups (two road tiles swapped). The edits keep what the file format
// requires (a building cell belongs to one building; sewers lie on street cells; an opening is on a building's
// outer wall); whether the edited design is still good is the server's validator's to say, never this file's.
// What may be painted (cell kinds, card names) comes from the server's geometry ("palette"), not from here. Cops
// maps are edited by points, in map_editor.js.

import { t } from "./i18n.js";
import { copsTools } from "./map_editor.js";

// The tools for a design: [{id, label, apply(design, cell, first) -> new design or null}]; `brush` tools paint
// while dragged, `pick` tools take two clicks (first, then cell). None when the design is not editable.
export function toolsFor(design, geometry, frames) {
  if (design?.game === "cops" && design.kind === "map") return copsTools(frames);
  if (!design || !geometry) return [];
  const palette = geometry.palette || [];
  if (design.game === "cats" && (design.kind === "map" || design.kind === "setup")) {
    return [
      ...(design.kind === "setup" ? setupTools(design.map.players) : []),
      ...palette.map(([code, name]) => ({ id: `paint:${code}`, label: t("Paint {name}", { name }), brush: true,
                                          apply: (d, cell) => paint(d, cell.row, cell.col, code) })),
      { id: "opening", label: t("Toggle opening (click an edge)"),
        apply: (d, cell) => toggleOpening(d, cell.row, cell.col, nearestSide(cell.dx, cell.dy)) },
      { id: "sewer", label: t("Place / recolour sewer"), apply: (d, cell) => cycleSewer(d, cell.row, cell.col) },
    ];
  }
  if (design.game === "cat-tree" && design.kind === "layout") {
    return [
      ...palette.map(([name, title]) => ({ id: `card:${name}`, label: t("Place {name}", { name: title }),
                                           apply: (d, cell) => placeCard(d, cell.row, cell.col, name) })),
      { id: "remove", label: t("Remove card"), apply: (d, cell) => placeCard(d, cell.row, cell.col, null) },
    ];
  }
  if (design.game === "trail-route" && design.kind === "setup") {
    return [{ id: "swap", label: t("Swap two tiles (click one, then the other)"), pick: true,
              apply: (d, cell, first) => swapTiles(d, first, cell) }];
  }
  return [];
}

// A set-up's drawings: each player's fish and cat placed where clicked, and a drawing removed.
function setupTools(players) {
  const tools = [];
  for (let player = 1; player <= players; player += 1) {
    for (const kind of ["fish", "cats"]) {
      const label = kind === "fish" ? "Draw player {player}'s fish" : "Draw player {player}'s cat";
      tools.push({ id: `draw:${kind}:${player}`, label: t(label, { player }),
                   apply: (d, cell) => placeDrawing(d, cell.row, cell.col, kind, player) });
    }
  }
  tools.push({ id: "draw:remove", label: t("Remove a fish or cat"),
               apply: (d, cell) => placeDrawing(d, cell.row, cell.col, null, null) });
  return tools;
}

// A fish or cat (`kind` "fish" or "cats") of `player` drawn on (row, col), replacing any drawing there; `kind` null
// removes the drawing there.
export function placeDrawing(design, r, c, kind, player) {
  const next = structuredClone(design);
  const here = (d) => d.row === r && d.col === c;
  const before = ["fish", "cats"].find((k) => next[k].some(here));
  if (before === kind && next[kind].some((d) => here(d) && d.player === player)) return null;
  if (!before && !kind) return null;
  next.fish = next.fish.filter((d) => !here(d));
  next.cats = next.cats.filter((d) => !here(d));
  if (kind) next[kind].push({ player, row: r, col: c });
  return next;
}

// A card put on (row, col), replacing what was there; `name` null removes it.
export function placeCard(design, r, c, name) {
  const next = structuredClone(design);
  const before = next.cards.find((card) => card.row === r && card.col === c);
  if ((before?.card ?? null) === name) return null;
  next.cards = next.cards.filter((card) => !(card.row === r && card.col === c));
  if (name) next.cards.push({ row: r, col: c, card: name });
  next.cards.sort((a, b) => a.row - b.row || a.col - b.col);
  return next;
}

// Two road tiles exchanged.
export function swapTiles(design, a, b) {
  if (a.row === b.row && a.col === b.col) return null;
  const next = structuredClone(design);
  const road = next.road;
  [road[a.row - 1][a.col - 1], road[b.row - 1][b.col - 1]] = [road[b.row - 1][b.col - 1], road[a.row - 1][a.col - 1]];
  return next;
}

const COLOURS = ["red", "blue", "green", "yellow"];
const STEP = { n: [-1, 0], e: [0, 1], s: [1, 0], w: [0, -1] };
const OPPOSITE = { n: "s", s: "n", e: "w", w: "e" };

function gridOf(design) {
  return design.kind === "setup" ? design.map.grid : design.grid;
}

const same = (cell, r, c) => cell[0] === r && cell[1] === c;

function setKind(grid, r, c, kind) {
  const line = grid.rows[r - 1];
  grid.rows[r - 1] = line.slice(0, c - 1) + kind + line.slice(c);
}

function kindAt(grid, r, c) {
  if (r < 1 || c < 1 || r > grid.rows.length || c > grid.rows[0].length) return null;
  return grid.rows[r - 1][c - 1];
}

function ownerOf(grid, r, c) {
  return grid.buildings.findIndex((b) => b.cells.some((cell) => same(cell, r, c)));
}

// Paints cell (r, c) with `kind`; returns the new design, or null when nothing changes.
export function paint(design, r, c, kind) {
  const next = structuredClone(design);
  const grid = gridOf(next);
  const old = kindAt(grid, r, c);
  if (old === null || old === kind) return null;
  if (old === "#") {
    const k = ownerOf(grid, r, c);
    if (k >= 0) {
      const building = grid.buildings[k];
      building.cells = building.cells.filter((cell) => !same(cell, r, c));
      building.openings = building.openings.filter((o) => !(o.row === r && o.col === c));
      if (building.cells.length === 0) grid.buildings.splice(k, 1);
    }
  }
  if (kind !== ".") grid.sewers = grid.sewers.filter((s) => !(s.row === r && s.col === c));
  setKind(grid, r, c, kind);
  if (kind === "#") {
    for (const building of grid.buildings) {      // a neighbour's opening onto this cell would face a wall
      building.openings = building.openings.filter((o) => {
        const [dr, dc] = STEP[o.side];
        return !(o.row + dr === r && o.col + dc === c);
      });
    }
    const neighbour = Object.values(STEP).map(([dr, dc]) => ownerOf(grid, r + dr, c + dc)).find((k) => k >= 0);
    if (neighbour !== undefined) grid.buildings[neighbour].cells.push([r, c]);
    else grid.buildings.push({ cells: [[r, c]], openings: [] });
  }
  return next;
}

// The edge of cell (r, c) nearest to the point (dx, dy in 0..1 across the cell).
export function nearestSide(dx, dy) {
  const distances = { n: dy, s: 1 - dy, w: dx, e: 1 - dx };
  return Object.keys(distances).reduce((a, b) => (distances[a] <= distances[b] ? a : b));
}

// Opens or closes the wall on `side` of (r, c): of this cell's building, or of the building across the edge.
export function toggleOpening(design, r, c, side) {
  const next = structuredClone(design);
  const grid = gridOf(next);
  let [row, col, edge] = [r, c, side];
  if (kindAt(grid, r, c) !== "#") {
    const [dr, dc] = STEP[side];
    [row, col, edge] = [r + dr, c + dc, OPPOSITE[side]];
  }
  if (kindAt(grid, row, col) !== "#") return null;
  const k = ownerOf(grid, row, col);
  const [dr, dc] = STEP[edge];
  if (k < 0 || kindAt(grid, row + dr, col + dc) === "#") return null;      // inside, or against another wall
  const building = grid.buildings[k];
  const at = building.openings.findIndex((o) => o.row === row && o.col === col && o.side === edge);
  if (at >= 0) building.openings.splice(at, 1);
  else building.openings.push({ row, col, side: edge, cut: false });
  return next;
}

// A street cell gets a red sewer; a sewer takes the next colour; after yellow it is removed.
export function cycleSewer(design, r, c) {
  const next = structuredClone(design);
  const grid = gridOf(next);
  if (kindAt(grid, r, c) !== ".") return null;
  const at = grid.sewers.findIndex((s) => s.row === r && s.col === c);
  if (at < 0) grid.sewers.push({ row: r, col: c, colour: COLOURS[0] });
  else {
    const following = COLOURS.indexOf(grid.sewers[at].colour) + 1;
    if (following >= COLOURS.length) grid.sewers.splice(at, 1);
    else grid.sewers[at].colour = COLOURS[following];
  }
  return next;
}

// Undo and redo over whole designs (they are small).
export class History {
  constructor() { this.reset(); }
  reset() { this.past = []; this.future = []; }
  push(design) { this.past.push(design); this.future = []; }
  undo(current) {
    if (!this.past.length) return null;
    this.future.push(current);
    return this.past.pop();
  }
  redo(current) {
    if (!this.future.length) return null;
    this.past.push(current);
    return this.future.pop();
  }
}
