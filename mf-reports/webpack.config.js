const { remoteConfig } = require('../webpack/app-config');

module.exports = remoteConfig({ appDir: __dirname, name: 'reports' });
