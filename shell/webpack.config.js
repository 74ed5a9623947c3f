const { hostConfig } = require('../webpack/app-config');

module.exports = hostConfig({ appDir: __dirname, port: 3000 });
