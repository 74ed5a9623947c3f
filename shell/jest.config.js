const { uiProject } = require('../jest/preset');
module.exports = uiProject(__dirname);
