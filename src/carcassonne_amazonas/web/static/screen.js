// Carcassonne – Amazonas web app: the one script run before the first paint (not
// deferred, so kept to a line). The lobby is in the page's markup and shows at once; a
// game link marks the page so that app.css hides the lobby until app.js opens the game,
// and the lobby never flashes before it.
"use strict";
if (/(^#|&)game=/.test(location.hash)) document.documentElement.dataset.link = "game";
