const { nodeProject } = require('../jest/preset');
// Server tests start real databases (PGlite, or PostgreSQL when DATABASE_URL is set): give them time.
module.exports = nodeProject(__dirname, { testTimeout: 30000 });
