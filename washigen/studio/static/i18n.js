// The page's own words in the user's language: English is written in the page and is the key; German comes from
// the dictionary below. The page speaks the browser's first language it knows (English otherwise); the printed
// words of the designs come from the server's catalog and follow "Printed in".

const GERMAN = {
  "washigen studio": "washigen Studio",
  "make, edit, check and print the games' parts": "Spielteile erstellen, bearbeiten, prüfen und drucken",
  "Loading…": "Lädt…",
  "Design": "Entwurf",
  "Game": "Spiel",
  "Part": "Teil",
  "Printed in": "Gedruckt auf",
  "Seed": "Startwert",
  "New seed": "Neuer Startwert",
  "Pick a new seed (N)": "Neuen Startwert wählen (N)",
  "Parameters": "Parameter",
  "Command line only": "Nur auf der Kommandozeile",
  "not set": "nicht gesetzt",
  "Unexpected: {message}": "Unerwartet: {message}",
  "Print options": "Druckoptionen",
  "Download": "Herunterladen",
  "Open a design file (.json, .txt or .tmj)": "Entwurfsdatei öffnen (.json, .txt oder .tmj)",
  "Preview": "Vorschau",
  "View and edit": "Ansicht und Bearbeitung",
  "Zoom": "Zoom",
  "Fit": "Einpassen",
  "Real size": "Echte Größe",
  "1:1 on this screen": "1:1 auf diesem Bildschirm",
  "Calibrate…": "Kalibrieren…",
  "Measure the ruler to make real size true": "Das Lineal messen, damit die echte Größe stimmt",
  "Tool": "Werkzeug",
  "Undo": "Rückgängig",
  "Redo": "Wiederholen",
  "Undo (Ctrl+Z)": "Rückgängig (Strg+Z)",
  "Redo (Ctrl+Shift+Z)": "Wiederholen (Strg+Umschalt+Z)",
  "Pages": "Seiten",
  "Progress": "Fortschritt",
  "Previous page": "Vorige Seite",
  "Next page": "Nächste Seite",
  "Hold a ruler to the bar below and type how long it really is on your screen.":
    "Halten Sie ein Lineal an den Balken und geben Sie ein, wie lang er auf Ihrem Bildschirm wirklich ist.",
  "It measures": "Er misst",
  "Save": "Speichern",
  "Pick a game to see its parts.": "Wählen Sie ein Spiel, um seine Teile zu sehen.",
  "The design; with the select tool a click on a mark selects its violation; with an edit tool, arrow keys move over the grid and Enter applies it":
    "Der Entwurf; mit dem Auswahlwerkzeug wählt ein Klick auf eine Markierung ihren Verstoß; mit einem Bearbeitungswerkzeug bewegen die Pfeiltasten über das Raster und Enter wendet es an",
  "Report and play": "Bericht und Spiel",
  "Report": "Bericht",
  "Selected": "Ausgewählt",
  "Play": "Spielen",
  "Games": "Partien",
  "Estimate balance": "Balance schätzen",
  "Play one bot game": "Eine Bot-Partie spielen",
  "Cancel": "Abbrechen",
  "First step": "Erster Schritt",
  "Step back": "Schritt zurück",
  "Step forward": "Schritt vor",
  "Last step": "Letzter Schritt",
  "Command output": "Ausgabe des Befehls",
  "Choose an edit tool, then click (or drag) on the drawing, or focus it and use the arrow keys and Enter; the report follows every edit. Ctrl+Z undoes, Ctrl+Shift+Z redoes.":
    "Ein Werkzeug wählen, dann auf die Zeichnung klicken (oder ziehen), oder sie mit der Tastatur ansteuern und " +
    "Pfeiltasten und Enter nutzen; der Bericht folgt jeder Änderung. Strg+Z macht rückgängig, Strg+Umschalt+Z " +
    "wiederholt.",
  "Text form": "Textform",
  // states and messages
  "Making…": "Wird erstellt…",
  "Checking…": "Wird geprüft…",
  "Ready": "Bereit",
  "Ready · this part only prints; nothing to check": "Bereit · dieses Teil wird nur gedruckt; nichts zu prüfen",
  "Edited · checked": "Bearbeitet · geprüft",
  "Something needs fixing": "Etwas ist zu korrigieren",
  "Stopped": "Abgebrochen",
  "Balance estimated": "Balance geschätzt",
  // the balance's numbers and chart
  "Seat": "Platz",
  "Wins": "Siege",
  "Win rate": "Siegquote",
  "95 % interval": "95-%-Intervall",
  "{games} games · {verdict} ({fair}) · balance score {score} · mean {mean} turns":
    "{games} Partien · {verdict} ({fair}) · Wert der Ausgewogenheit {score} · im Mittel {mean} Züge",
  // how the games ended, each said only for a game whose games can end so
  "{count} trapped": "{count} durch eine Falle",
  "{count} stalemate": "{count} Patt",
  "{count} at the turn limit": "{count} am Zuglimit",
  "{count} won": "{count} gewonnen",
  "{count} by a trap": "{count} durch eine Falle",
  "{count} stalemates": "{count} Patts",
  "95 % interval {low} – {high}; fair share {fair}": "95-%-Intervall {low} – {high}; fairer Anteil {fair}",
  "first mover's edge {edge} · decisive {decisive} · the lead changed {leads} times a game":
    "Vorteil des ersten Zugs {edge} · entschieden {decisive} · Führungswechsel je Partie {leads}",
  "fair: every interval holds the fair share": "fair: jedes Intervall enthält den fairen Anteil",
  "unfair: an interval misses the fair share": "unfair: ein Intervall verfehlt den fairen Anteil",
  "seat {seat} wins {rate} (95 % interval {low} – {high})":
    "Platz {seat} gewinnt {rate} (95-%-Intervall {low} – {high})",
  "Balance chart of {games} games: {seats}; {verdict}. Games last {mean} turns on average; {endings}.":
    "Ausgewogenheit in {games} Partien: {seats}; {verdict}. Eine Partie dauert im Mittel {mean} Züge; {endings}.",
  "Click to enlarge": "Zum Vergrößern klicken",
  "Enlarge": "Vergrößern",
  "Chart:": "Diagramm:",
  "Download the chart as SVG": "Das Diagramm als SVG herunterladen",
  "Download the chart as PDF": "Das Diagramm als PDF herunterladen",
  "Balance chart": "Diagramm der Ausgewogenheit",
  "Close": "Schließen",
  "Drawing the chart…": "Das Diagramm wird gezeichnet…",
  "Bot game played; step through it": "Bot-Partie gespielt; Schritt für Schritt ansehen",
  "Playing one bot game…": "Eine Bot-Partie läuft…",
  "Playing {games} games…": "{games} Partien laufen…",
  "{done} of {total} games played": "{done} von {total} Partien gespielt",
  "Opened {name}": "{name} geöffnet",
  "opened {name}": "{name} geöffnet",
  "Reading {name}…": "{name} wird gelesen…",
  "Printing {format}…": "{format} wird gedruckt…",
  "Downloaded {name}": "{name} heruntergeladen",
  "{label}: choose a whole number from {min} to {max}.": "{label}: eine ganze Zahl von {min} bis {max} wählen.",
  "{label}: choose a number from {min} to {max}.": "{label}: eine Zahl von {min} bis {max} wählen.",
  "{label}: choose a length from {min} to {max} mm.": "{label}: eine Länge von {min} bis {max} mm wählen.",
  "{label}: {reason}": "{label}: {reason}",
  "not a number": "keine Zahl",
  "The studio server does not answer; is `washigen studio` still running?":
    "Der Studio-Server antwortet nicht; läuft `washigen studio` noch?",
  "Valid: no rule broken": "Gültig: keine Regel verletzt",
  "No rules to check for this part.": "Für dieses Teil gibt es keine Regeln zu prüfen.",
  "Valid, {warnings}": "Gültig, {warnings}",
  "Invalid: {errors}, {warnings}": "Ungültig: {errors}, {warnings}",
  "{count} error": "{count} Fehler",
  "{count} errors": "{count} Fehler",
  "{count} warning": "{count} Warnung",
  "{count} warnings": "{count} Warnungen",
  " · score {score} points": " · {score} Punkte",
  "not on this drawing": "nicht auf dieser Zeichnung",
  "error": "Fehler",
  "warning": "Warnung",
  "Nothing selected: click a mark on the drawing or a violation in the list.":
    "Nichts ausgewählt: eine Markierung auf der Zeichnung oder einen Verstoß in der Liste anklicken.",
  "No violation here.": "Hier kein Verstoß.",
  "Select": "Auswählen",
  "page {page} of {pages}": "Seite {page} von {pages}",
  "(nothing printed)": "(keine Ausgabe)",
  "(this part has no text form)": "(dieses Teil hat keine Textform)",
  "This design has unsaved edits. Leave anyway?": "Dieser Entwurf hat ungespeicherte Änderungen. Trotzdem verlassen?",
  // print options and their choices
  "Paper": "Papier",
  "Bleed (mm)": "Beschnitt (mm)",
  "Marks": "Marken",
  "Duplex": "Beidseitig",
  "Back offset (mm)": "Versatz der Rückseite (mm)",
  "PNG resolution (dpi)": "PNG-Auflösung (dpi)",
  "Gutter (mm)": "Steg (mm)",
  "Colour": "Farbe",
  "each part at its own size": "jedes Teil in eigener Größe",
  "crop marks": "Schnittmarken",
  "cut lines": "Schnittlinien",
  "none": "keine",
  "one side": "einseitig",
  "both sides, flip on long edge": "beidseitig, über die lange Kante wenden",
  "both sides, flip on short edge": "beidseitig, über die kurze Kante wenden",
  "screen colours (RGB)": "Bildschirmfarben (RGB)",
  "print colours (CMYK)": "Druckfarben (CMYK)",
  // the parameters' labels (the form's names for the command line's options)
  "Players": "Personen", "Tape width": "Tapebreite", "Segment rows": "Zeilen je Segment",
  "Segment cols": "Spalten je Segment", "Forests": "Wälder", "Jinja": "Schreine (Jinja)", "Coop": "Kooperativ",
  "Sewer poppers": "Gullyspringer", "Long": "Zusatzlagen", "Variant": "Variante", "Cut up": "Zerschnitten",
  "Rules url": "Regel-URL", "Length": "Länge", "Segments": "Segmente", "Repeat only": "Nur der Rapport",
  "Bots": "Bots", "Jobs": "Prozesse", "Budget": "Budget", "Fair": "Fair", "Layout": "Anordnung",
  "Offset": "Versatz", "Card": "Karte", "Reference": "Übersichtskarten", "Mat paper": "Papier der Matte",
  "Tile size": "Plättchengröße", "Against": "Gegen",
  // a bot game on the board
  "Steps": "Schritte",
  "Play through": "Abspielen",
  "Pause": "Anhalten",
  "Back to the design": "Zurück zum Entwurf",
  "Game PDF": "Partie als PDF",
  "start: no move yet ({moves} moves in all)": "Anfang: noch kein Zug ({moves} Züge insgesamt)",
  "after move {step} of {moves}": "nach Zug {step} von {moves}",
  "step {step} of {steps}": "Schritt {step} von {steps}",
  "The game after move {step}": "Die Partie nach Zug {step}",
  // editing a Cops map and a Cats set-up
  "Move a location (click it, then where it goes)": "Tatort verschieben (anklicken, dann das Ziel)",
  "Draw a path (click a location, then a location or the tape's edge)":
    "Weg zeichnen (einen Tatort anklicken, dann einen Tatort oder den Rand des Bands)",
  "Erase a path (click it)": "Weg löschen (anklicken)",
  "Draw player {player}'s fish": "Fisch von Spieler {player} zeichnen",
  "Draw player {player}'s cat": "Katze von Spieler {player} zeichnen",
  "Remove a fish or cat": "Fisch oder Katze entfernen",
  // the edit tools of a Cats map, a Cat Tree layout and a Trail Route setup ({name}: the server's word, translated)
  "Paint {name}": "{name} malen",
  "Toggle opening (click an edge)": "Öffnung setzen oder entfernen (eine Kante anklicken)",
  "Place / recolour sewer": "Gully setzen / umfärben",
  "Place {name}": "{name} legen",
  "Remove card": "Karte entfernen",
  "Swap two tiles (click one, then the other)": "Zwei Plättchen tauschen (eines anklicken, dann das andere)",
  "Nothing to pick here: click a location.": "Hier ist nichts zu wählen: einen Tatort anklicken.",
  "{id} picked; now click where the edit goes": "{id} gewählt; jetzt das Ziel anklicken",
  "Row {row}, column {col} picked; now click the other":
    "Zeile {row}, Spalte {col} gewählt; jetzt das andere anklicken",
  "The bot game on the board": "Die Bot-Partie auf dem Spielfeld",
  "At {x}, {y} mm: Enter applies “{tool}”": "Bei {x}, {y} mm: Enter wendet „{tool}“ an",
  "At {x}, {y} mm: Enter selects": "Bei {x}, {y} mm: Enter wählt aus",
  "Row {row}, column {col}: Enter applies “{tool}”": "Zeile {row}, Spalte {col}: Enter wendet „{tool}“ an",
  "Row {row}, column {col}: Enter selects": "Zeile {row}, Spalte {col}: Enter wählt aus",
  "Row {row}, column {col} picked; move to the other and press Enter":
    "Zeile {row}, Spalte {col} gewählt; zum anderen gehen und Enter drücken",
};

const DICTIONARIES = { de: GERMAN };

export const pageLanguage = (() => {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code === "en" || code in DICTIONARIES) return code;
  }
  return "en";
})();

// `text` in the page's language, with {name} fields filled from `values`.
export function t(text, values = {}) {
  const words = DICTIONARIES[pageLanguage]?.[text] ?? text;
  return words.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// A phrase with a count: `forms` is its English [singular, plural] (a single string has no singular), the singular
// said for one alone, as English and German both do; {count} is filled in.
export function tn(forms, count, values = {}) {
  const [singular, plural] = Array.isArray(forms) ? forms : [forms, forms];
  return t(count === 1 ? singular : plural, { ...values, count });
}

const ATTRIBUTES = ["aria-label", "title", "placeholder"];

// The static page's words and labels, translated in place once at start.
export function translatePage(root = document) {
  document.documentElement.lang = pageLanguage;
  if (pageLanguage === "en") return;
  const walker = document.createTreeWalker(root.body || root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && DICTIONARIES[pageLanguage][text]) node.nodeValue = node.nodeValue.replace(text, t(text));
  }
  for (const element of (root.body || root).querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(","))) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && DICTIONARIES[pageLanguage][value]) element.setAttribute(name, t(value));
    }
  }
  document.title = t(document.title);
}
