/* global document, location */
// The offline page's one script (offline.html; a file, not inline: the page keeps the site's CSP, which runs
// scripts from this origin only). "Try again" asks the network for the address the learner opened.
document.getElementById('retry').addEventListener('click', () => location.reload());
