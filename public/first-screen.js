// The first screen the server drew (server/firstScreen.ts) answers no click until the console has
// taken the page over (src/firstScreen/handOver.ts): the last click on it is held, and played there.
// A classic script right after the drawn screen, so that it holds clicks from the screen's first paint.
(function () {
  var drawn = document.getElementById('first-screen');
  if (!drawn) return;
  drawn.addEventListener(
    'click',
    function (event) {
      event.preventDefault();
      event.stopPropagation();
      window.firstScreenClick = { x: event.clientX, y: event.clientY };
    },
    true,
  );
})();
