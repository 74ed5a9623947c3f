const { uiProject } = require('../jest/preset');
// The API client runs in the browser: test it in jsdom with msw.
module.exports = uiProject(__dirname);
