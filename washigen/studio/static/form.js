// Forms built from the registry's parameter specs (GET /api/games): ranges, defaults and help come from there.

import { t } from "./i18n.js";

const LABELS = { bleed: "Bleed (mm)", crop_marks: "Marks", duplex: "Duplex", back_offset: "Back offset (mm)",
                 dpi: "PNG resolution (dpi)", paper: "Paper", gutter: "Gutter (mm)", colour: "Colour" };

// A parameter's label: its command-line name in words ("tape_width" -> "Tape width"), in the page's language.
export function labelOf(name) {
  const text = name.replace(/_/g, " ");
  return t(LABELS[name] || text.charAt(0).toUpperCase() + text.slice(1));
}

function rangeText(spec) {
  if (spec.min === null && spec.max === null) return "";
  const unit = spec.kind === "length" ? " mm" : "";
  return `${spec.min ?? ""}–${spec.max ?? ""}${unit}`;
}

function field(spec, value, onChange) {
  const wrap = document.createElement("div");
  wrap.className = "field";
  wrap.dataset.param = spec.name;
  const id = `param-${spec.name}`;
  const helpId = `${id}-help`;
  let input;
  if (spec.kind === "bool") {
    const label = document.createElement("label");
    label.className = "check";
    input = document.createElement("input");
    input.type = "checkbox";
    // Not in the address: the parameter's own default (Cat Tree's reference cards are on unless turned off).
    input.checked = value === undefined || value === null ? spec.default === true : value === true || value === "true";
    label.append(input, labelOf(spec.name));
    wrap.append(label);
  } else {
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = labelOf(spec.name);
    if (spec.kind === "choice") {
      input = document.createElement("select");
      spec.choices.forEach((choice, i) => input.append(new Option(spec.choice_labels?.[i] ?? choice, choice)));
      const unset = spec.default === null ? t("not set") : `${spec.default}`;    // null: the command's own choice
      if (!spec.choices.includes(spec.default)) input.prepend(new Option(unset, ""));
      input.value = value ?? (spec.choices.includes(spec.default) ? spec.default : "");
    } else if (spec.kind === "int" || spec.kind === "float") {
      input = document.createElement("input");
      input.type = "number";
      input.step = spec.kind === "int" ? "1" : "any";
      if (spec.min !== null) input.min = spec.min;
      if (spec.max !== null) input.max = spec.max;
      input.placeholder = spec.default === null ? t("not set") : `${spec.default}`;
      input.value = value ?? (spec.default ?? "");
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.placeholder = spec.default === null ? t("not set") : `${spec.default}`;
      input.value = value ?? (spec.kind === "length" && /^[0-9.]+ ?mm$/.test(spec.default ?? "") ? spec.default : "");
    }
    input.id = id;
    wrap.append(label, input);
  }
  input.name = spec.name;
  // A parameter that is no part of the design (the bots of `cat-tree play`) changes nothing shown here: the
  // command line takes it, the form shows it at its default.
  if (spec.design === false) input.disabled = true;
  const note = spec.design === false ? t("Command line only") : "";
  const help = [spec.help, rangeText(spec), note].filter(Boolean).join(" · ");
  if (help) {
    const p = document.createElement("p");
    p.className = "help";
    p.id = helpId;
    p.textContent = help;
    wrap.append(p);
    input.setAttribute("aria-describedby", helpId);
  }
  input.addEventListener(spec.kind === "bool" || spec.kind === "choice" ? "change" : "input", onChange);
  return wrap;
}

// Fills `form` with one field a parameter; `values` holds the values to show (from the URL).
export function buildForm(form, specs, values, onChange) {
  form.replaceChildren(...specs.map((spec) => field(spec, values[spec.name], onChange)));
}

// The values that differ from the defaults, typed for the API: {players: 3, coop: true, tape_width: "45mm"}.
export function readForm(form, specs) {
  const values = {};
  for (const spec of specs) {
    const input = form.elements.namedItem(spec.name);
    if (!input) continue;
    let value;
    if (spec.kind === "bool") value = input.checked;
    else if (input.value.trim() === "") continue;
    else if (spec.kind === "int") value = Number.isInteger(Number(input.value)) ? Number(input.value) : input.value;
    else if (spec.kind === "float") value = Number(input.value);
    else value = input.value.trim();
    if (value === spec.default || (spec.kind === "bool" && value === Boolean(spec.default))) continue;
    values[spec.name] = value;
  }
  return values;
}

// Marks the field an error names (none: clears the marks).
export function markInvalid(form, field) {
  for (const wrap of form.querySelectorAll(".field")) {
    const bad = Boolean(field) && wrap.dataset.param === field;
    wrap.classList.toggle("invalid", bad);
    wrap.querySelector("input, select")?.setAttribute("aria-invalid", bad);
  }
}

// A server's refusal of a field, said in the page's words: the field named as the form labels it and, where the
// form knows the field's range, the range (click's "Invalid value for '--players'" never reaches the user).
export function fieldMessage(error, specs) {
  const spec = specs.find((s) => s.name === error.field);
  const label = labelOf(error.field);
  if (spec && spec.min !== null && spec.max !== null && error.range) {
    const key = spec.kind === "int" ? "{label}: choose a whole number from {min} to {max}."
      : spec.kind === "length" ? "{label}: choose a length from {min} to {max} mm."
        : "{label}: choose a number from {min} to {max}.";
    return t(key, { label, min: spec.min, max: spec.max });
  }
  return t("{label}: {reason}", { label, reason: error.reason || error.message });
}

// Print options: only those the component's command takes.
export function buildPrintOptions(box, names, papers, onChange) {
  const rows = [];
  const add = (name, element) => {
    const wrap = document.createElement("div");
    wrap.className = "field";
    wrap.dataset.param = name;          // a refusal that names the option (its `field`) marks it
    const label = document.createElement("label");
    label.htmlFor = `print-${name}`;
    label.textContent = labelOf(name);
    element.id = `print-${name}`;
    element.name = name;
    element.addEventListener("change", onChange);
    wrap.append(label, element);
    rows.push(wrap);
  };
  const select = (options, value) => {
    const element = document.createElement("select");
    for (const [v, text] of options) element.append(new Option(text, v));
    element.value = value;
    return element;
  };
  const number = (value, min, max, step) => {
    const element = document.createElement("input");
    Object.assign(element, { type: "number", value, min, max, step });
    return element;
  };
  if (names.includes("paper")) {
    add("paper", select([["", t("each part at its own size")], ...papers.map((p) => [p, p.toUpperCase()])], ""));
  }
  if (names.includes("bleed")) add("bleed", number(3, 0, 20, 0.5));
  if (names.includes("crop_marks")) {
    add("crop_marks", select([["crop", t("crop marks")], ["cut", t("cut lines")], ["none", t("none")]], "crop"));
  }
  if (names.includes("duplex")) {
    add("duplex", select([["none", t("one side")], ["long", t("both sides, flip on long edge")],
                          ["short", t("both sides, flip on short edge")]], "none"));
  }
  if (names.includes("back_offset")) {
    const element = document.createElement("input");
    Object.assign(element, { type: "text", placeholder: "0,0", value: "" });
    add("back_offset", element);
  }
  if (names.includes("gutter")) add("gutter", number("", 0, 100, 0.5));
  if (names.includes("colour")) {
    add("colour", select([["rgb", t("screen colours (RGB)")], ["cmyk", t("print colours (CMYK)")]], "rgb"));
  }
  if (names.includes("dpi")) add("dpi", number(300, 30, 2400, 1));
  box.replaceChildren(...rows);
}

export function readPrintOptions(box) {
  const options = {};
  const get = (name) => box.querySelector(`[name=${name}]`);
  if (get("paper") && get("paper").value) options.paper = get("paper").value;
  if (get("bleed") && get("bleed").value !== "") options.bleed = `${get("bleed").value}mm`;
  if (get("crop_marks")) {
    const marks = get("crop_marks").value;
    if (marks === "none") options.crop_marks = false;
    if (marks === "cut") options.cut_lines = true;      // as the CLI's --cut-lines: instead of the crop marks
  }
  if (get("duplex")) options.duplex = get("duplex").value;
  if (get("back_offset") && get("back_offset").value.trim()) options.back_offset = get("back_offset").value.trim();
  if (get("gutter") && get("gutter").value !== "") options.gutter = `${get("gutter").value}mm`;
  if (get("colour") && get("colour").value !== "rgb") options.colour = get("colour").value;
  if (get("dpi") && get("dpi").value !== "") options.dpi = Number(get("dpi").value);
  // the language is chosen beside the part (it changes the preview too), not here
  return options;
}
