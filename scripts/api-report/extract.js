// Runs API Extractor (pinned in the root package.json) on one entry point's built .d.ts and returns the report text.
// The configuration is written here, not in api-extractor.json files: the same settings for every entry, reports only
// (no doc model, no .d.ts rollup), its messages kept quiet (the report is what we compare).
const fs = require('fs');
const os = require('os');
const path = require('path');

/**
 * @param {{ packageDir: string, entry: string, reportName: string, bundledPackages?: string[] }} opts
 *   packageDir: the package's folder (its package.json names it); entry: the .d.ts, relative to it.
 * @returns {string} the API report (markdown, as API Extractor writes it)
 */
function extractReport({ packageDir, entry, reportName, bundledPackages = [] }) {
  const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');
  packageDir = path.resolve(packageDir);
  const mainEntry = path.resolve(packageDir, entry);
  if (!fs.existsSync(mainEntry))
    throw new Error(`${mainEntry} is missing: build the package first (npm run build -w ${path.basename(packageDir)})`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'api-report-'));
  try {
    const quiet = { default: { logLevel: 'none' } };
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageDir,
        mainEntryPointFilePath: mainEntry,
        bundledPackages,
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2022',
              module: 'ESNext',
              moduleResolution: 'Bundler',
              jsx: 'react-jsx',
              strict: true,
              skipLibCheck: true,
              lib: ['ES2022', 'DOM'],
            },
            files: [mainEntry],
          },
        },
        apiReport: { enabled: true, reportFileName: reportName, reportFolder: tmp, reportTempFolder: tmp },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: { compilerMessageReporting: quiet, extractorMessageReporting: quiet, tsdocMessageReporting: quiet },
      },
      configObjectFullPath: path.join(packageDir, 'api-extractor.json'),
      packageJsonFullPath: path.join(packageDir, 'package.json'),
    });
    const result = Extractor.invoke(config, { localBuild: true, showVerboseMessages: false, messageCallback: (m) => (m.handled = true) });
    const file = path.join(tmp, `${reportName}.api.md`);
    if (!fs.existsSync(file)) throw new Error(`API Extractor wrote no report for ${mainEntry} (errors: ${result.errorCount})`);
    return fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

module.exports = { extractReport };
