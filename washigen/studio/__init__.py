"""washigen studio: a local web page to make, edit, check and print any game's parts (DESIGN section 10).

`app` serves the page and the JSON API; `api` does each endpoint's work through the functions the command line
calls; `commands_bridge` runs a game's own click command; `marks` places a report's violations on the drawing."""
