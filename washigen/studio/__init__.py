"""washigen studio: a local web page to make, edit, check and print any game's parts (DESIGN section 10).

`app` serves the page and the JSON API; `api` does each endpoint's work through washigen.api and the games' specs;
`board` keeps the bot games stepped through on the board; `places` marks a report's violations where the drawing
says its parts lie (scene.Places); `jobs` runs long work with its progress."""
