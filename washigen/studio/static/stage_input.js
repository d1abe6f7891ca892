// The drawing as an input: the pointer and the keyboard turned into what the chosen tool works on (a grid cell, or
// a point in mm for a Cops map's tools), a brush's drag, the two clicks of a swap or a path, and with the select
// tool a click that selects the violation marked there. Nothing is edited here: a tool's `apply` makes the new
// design and `page.commit` sends it to be checked.

import { t } from "./i18n.js";
import { cellAt, cellRect } from "./preview.js";

// `page`: {state, currentTool(), selectAt(point), commit(design), status(text)} of the page (main.js).
export function wireStage(stage, preview, page) {
  const { state, currentTool, selectAt, commit, status } = page;

  let stroke = null;       // a drag of a brush: the design as painted so far, committed on release
  // What a tool works on under the pointer: a point in mm (a `free` tool, on a Cops map) or a grid cell.
  function pointerTarget(event, tool) {
    const point = preview.pointAt(event);
    return tool?.free ? point : cellAt(state.result?.geometry, point);
  }

  function targetRect(target) {
    if (!target) return null;
    if (target.row === undefined) return { x: target.x - 1, y: target.y - 1, w: 2, h: 2 };
    return cellRect(state.result.geometry, target.row, target.col);
  }

  // The first click of a two-click edit: a cell, or what a free tool's `first` finds there (a location).
  function pickFirst(tool, target) {
    const first = tool.first ? tool.first(state.result.design, target) : target;
    if (!first) { status(t("Nothing to pick here: click a location.")); return; }
    state.pick = first;
    preview.hover(first.box ?? targetRect(target), true);
    status(first.id !== undefined ? t("{id} picked; now click where the edit goes", { id: first.id })
      : t("Row {row}, column {col} picked; now click the other", first));
  }

  function onPointerDown(event) {
    const tool = currentTool();
    if (event.button !== 0 || state.onBoard) return;
    if (!tool) { selectAt(preview.pointAt(event)); return; }
    const cell = pointerTarget(event, tool);
    if (!cell) return;
    event.preventDefault();
    if (tool.brush) {
      stroke = { design: state.result.design, changed: false, cells: new Set() };
      brush(tool, cell);
    } else if (tool.pick && !state.pick) {
      pickFirst(tool, cell);                // the first of two: wait for the second
    } else {
      const first = state.pick;
      state.pick = null;
      commit(tool.apply(state.result.design, cell, first));
    }
  }

  function brush(tool, cell) {
    const key = `${cell.row},${cell.col}`;
    if (stroke.cells.has(key)) return;
    stroke.cells.add(key);
    const next = tool.apply(stroke.design, cell);
    if (next) { stroke.design = next; stroke.changed = true; }
    preview.hover(cellRect(state.result.geometry, cell.row, cell.col));
  }

  function onPointerMove(event) {
    const tool = currentTool();
    if (!tool || state.onBoard) return;
    const cell = pointerTarget(event, tool);
    if (!state.pick) preview.hover(targetRect(cell));
    if (stroke && cell && event.buttons & 1) brush(tool, cell);
  }

  function onPointerUp() {
    if (!stroke) return;
    const finished = stroke;
    stroke = null;
    if (finished.changed) commit(finished.design);
  }

  // From the keyboard: arrows move a cursor over the grid, Enter or Space applies the tool there (an opening
  // tool opens the edge the last arrow pointed to).
  let cursor = null;
  const ARROWS = { ArrowUp: [-1, 0, 0.5, 0], ArrowDown: [1, 0, 0.5, 1], ArrowLeft: [0, -1, 0, 0.5],
                   ArrowRight: [0, 1, 1, 0.5] };

  // A free tool (on a Cops map) from the keyboard: arrows move a point 2 mm (with Shift 10 mm) over the map,
  // Enter applies the tool there (the first of two picks a location, the second finishes the edit); with the
  // select tool (`tool` null) Enter selects the violation marked there.
  let pointCursor = null;
  function onFreeKey(event, tool) {
    const frame = state.result.frames[0];
    if (event.key in ARROWS) {
      event.preventDefault();
      const [dr, dc] = ARROWS[event.key];
      const step = event.shiftKey ? 10 : 2;
      pointCursor ??= { x: frame.x + frame.length / 2, y: frame.y + frame.width / 2 };
      pointCursor = { x: pointCursor.x + dc * step, y: pointCursor.y + dr * step };
      preview.hover(targetRect(pointCursor));
      const at = { x: pointCursor.x.toFixed(0), y: pointCursor.y.toFixed(0) };
      status(tool ? t("At {x}, {y} mm: Enter applies “{tool}”", { ...at, tool: tool.label })
        : t("At {x}, {y} mm: Enter selects", at));
    } else if ((event.key === "Enter" || event.key === " ") && pointCursor) {
      event.preventDefault();
      if (!tool) selectAt(pointCursor);
      else if (tool.pick && !state.pick) pickFirst(tool, pointCursor);
      else {
        const first = state.pick;
        state.pick = null;
        commit(tool.apply(state.result.design, pointCursor, first));
      }
    }
  }

  function onStageKey(event) {
    const tool = currentTool();
    const geometry = state.result?.geometry;
    if (state.onBoard) return;
    if ((tool?.free || (!tool && !geometry)) && state.result?.frames) { onFreeKey(event, tool); return; }
    if (!geometry) return;
    if (event.key in ARROWS) {
      event.preventDefault();
      const [dr, dc, dx, dy] = ARROWS[event.key];
      const up = geometry.rows_up ? -1 : 1;           // on a tree, row 1 is at the bottom
      const row = Math.min(geometry.rows, Math.max(1, (cursor?.row ?? 1) + dr * up));
      const col = Math.min(geometry.cols, Math.max(1, (cursor?.col ?? 1) + dc));
      cursor = { row: cursor ? row : 1, col: cursor ? col : 1, dx, dy };
      preview.hover(cellRect(geometry, cursor.row, cursor.col));
      status(tool ? t("Row {row}, column {col}: Enter applies “{tool}”", { ...cursor, tool: tool.label })
        : t("Row {row}, column {col}: Enter selects", cursor));
    } else if ((event.key === "Enter" || event.key === " ") && cursor) {
      event.preventDefault();
      if (!tool) {
        const box = cellRect(geometry, cursor.row, cursor.col);
        selectAt({ x: box.x + box.w / 2, y: box.y + box.h / 2 });
      } else if (tool.pick && !state.pick) {
        state.pick = { ...cursor };
        status(t("Row {row}, column {col} picked; move to the other and press Enter", cursor));
      } else {
        const first = state.pick;
        state.pick = null;
        commit(tool.apply(state.result.design, cursor, first));
      }
    }
  }

  stage.addEventListener("pointerdown", onPointerDown);
  stage.addEventListener("pointermove", onPointerMove);
  stage.addEventListener("pointerleave", () => { if (!state.pick) preview.hover(null); });
  window.addEventListener("pointerup", onPointerUp);
  stage.addEventListener("keydown", onStageKey);
}
