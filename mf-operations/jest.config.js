const path = require('path');
const { uiProject } = require('../jest/preset');

const config = uiProject(__dirname);
// The preset maps only the main entry of shared-ui to its source; its test helpers come from source too.
config.moduleNameMapper = {
  '^@wms/shared-ui/testing$': path.join(__dirname, '../shared-ui/src/testing/index.tsx'),
  ...config.moduleNameMapper,
};
module.exports = config;
