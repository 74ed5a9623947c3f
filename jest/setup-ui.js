require('@testing-library/jest-dom');
const { configure } = require('@testing-library/react');

// findBy*/waitFor give up after 1 s by default. A whole screen rendering against msw on a loaded 2-core CI machine
// (four builds at once, load 10–25) has taken longer, and a test then failed on time, not on behaviour. A test that
// passes still returns as soon as its assertion holds; only a failing one waits the full 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  window.localStorage.clear();
});
