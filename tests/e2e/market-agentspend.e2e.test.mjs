// End-to-end agent-spend statement (issue 19): `ades call market.agent_spend` against ganache speaking as
// Base (chain id 8453, the only endpoint of chain `base`) with the test's USDC-like token (contracts/
// TestUsdc.sol, 6 decimals) deployed by this test and named by the setting market/agentspend/usdc_contract,
// and transfers the test makes: a mint to the wallet, two payments on a Saturday, one on the Monday after,
// and one payment back to the wallet. The chain starts on that Saturday (ganache --chain.time), at least a
// week ago, so the days are the same whatever day the suite runs. The ECB is a loopback fake serving an
// eurofxref-hist-90d.xml in the ECB's layout (namespaces and attributes as in the recorded
// ../shared/data/upstreams/ecb-fx/ files) with a distinct USD rate on each working day of the last 60
// days: the rates are this test's, so it can tell which day's rate was used.
// Checked: payments, payees, counts, amounts in USDC and euro at the right day's rate (Friday's for the
// Saturday, said so), received transfers apart, and the CSV's header and rows.
// Environment: ADES_BIN (the ades executable).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { compileToken } from './compile.mjs';
import { freePort, jsonRpc, start, stopAll, waitFor } from './harness.mjs';

const CHAIN_ID = 8453;
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 });
const payer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 4 }); // the agent's wallet
const payeeA = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 5 });
const payeeB = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 6 });

const require = createRequire(import.meta.url);
const ganacheCli = join(dirname(require.resolve('ganache/package.json')), 'dist', 'node', 'cli.js');
const adesBin = process.env.ADES_BIN;
const DAY = 86_400_000;

let workDir;
let rpcUrl;
let token;
let ecb;
const made = []; // { from, to, amount (bigint atomic), time (Date) }

const isoDay = (d) => d.toISOString().slice(0, 10);

// The Saturday at least seven days before now, 12:00 UTC.
function pastSaturday() {
    const d = new Date(Date.now() - 7 * DAY);
    d.setUTCHours(12, 0, 0, 0);
    while (d.getUTCDay() !== 6)
        d.setTime(d.getTime() - DAY);
    return d;
}

// This test's USD rate of a working day: distinct per day, in the ECB's four decimals.
function rateOf(day) {
    return `1.${String(500 + (Math.floor(day.getTime() / DAY) % 400)).padStart(4, '0')}`;
}

function ecbDocument() {
    const days = [];
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    for (let i = 1; i <= 60; ++i) {
        const d = new Date(today.getTime() - i * DAY);
        if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
            days.push(`<Cube time='${isoDay(d)}'><Cube currency='USD' rate='${rateOf(d)}'/><Cube currency='JPY' rate='157.91'/></Cube>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
<gesmes:subject>Reference rates</gesmes:subject><gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
<Cube>${days.join('')}</Cube></gesmes:Envelope>`;
}

async function startEcb() {
    const body = ecbDocument();
    let requests = 0;
    const server = createServer((req, res) => {
        ++requests;
        if (req.url === '/eurofxref-hist-90d.xml') {
            res.writeHead(200, { 'Content-Type': 'text/xml' });
            res.end(body);
        } else {
            res.writeHead(404, { 'Content-Type': 'text/plain' });
            res.end('not found');
        }
    });
    const port = await freePort();
    await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${port}`, requests: () => requests, close: () => server.close() };
}

// Euro cents of `atomic` USDC units at `rate` USD per EUR, half away from zero (EurAmount's rule).
function cents(atomic, rate) {
    const [whole, fraction = ''] = rate.split('.');
    const scaled = BigInt(whole + fraction);
    const numerator = atomic * 10n ** BigInt(fraction.length);
    const denominator = scaled * 10_000n;
    return (numerator + denominator / 2n) / denominator;
}

const euro = (c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

// The latest working day of the ECB document on or before `day`.
function rateDay(day) {
    const d = new Date(`${isoDay(day)}T00:00:00Z`);
    while (d.getUTCDay() === 0 || d.getUTCDay() === 6)
        d.setTime(d.getTime() - DAY);
    return d;
}

function call(args) {
    const argv = ['call', 'market.agent_spend', ...Object.entries(args).map(([k, v]) => `${k}=${v}`),
        `--data-dir=${join(workDir, 'data')}`];
    return new Promise((resolve) => {
        execFile(adesBin, argv, {
            env: {
                ...process.env, ADES_CHAIN_BASE_ENDPOINTS: rpcUrl, ADES_SANCTIONS_REFRESH_HOURS: '0',
                ADES_UPSTREAM_ECB_FX_BASE_URL: ecb.url, ADES_MARKET_AGENTSPEND_USDC_CONTRACT: token,
            },
            timeout: 120000,
        }, (error, stdout, stderr) => {
            const text = error ? stderr : stdout;
            let json;
            try {
                json = JSON.parse(text.slice(text.indexOf('{')));
            } catch {
                json = { unparsed: `${stdout}${stderr}` };
            }
            resolve({ ok: !error, json });
        });
    });
}

before(async () => {
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-agentspend-e2e-'));
    const port = await freePort();
    rpcUrl = `http://127.0.0.1:${port}/`;
    const saturday = pastSaturday();
    const chain = defineChain({ id: CHAIN_ID, name: 'ganache-as-base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } } });
    const ganache = start('ganache', process.execPath, [ganacheCli, '--chain.chainId', String(CHAIN_ID), '--server.host', '127.0.0.1',
        '--server.port', String(port), '--wallet.deterministic', '--logging.quiet', '--chain.time', saturday.toISOString()]);
    const publicClient = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    await waitFor('ganache', ganache, async () => (await publicClient.getChainId()) === CHAIN_ID, 60000);
    const compiled = compileToken();
    const as = (account) => createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 100 });
    const deployHash = await as(deployer).deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args: ['USD Coin', '2'] });
    token = (await publicClient.waitForTransactionReceipt({ hash: deployHash })).contractAddress;

    const send = async (account, functionName, to, amount) => {
        const hash = await as(account).writeContract({ address: token, abi: compiled.abi, functionName, args: [to, amount] });
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        assert.equal(receipt.status, 'success');
        const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
        made.push({ from: functionName === 'mint' ? '0x0000000000000000000000000000000000000000' : account.address.toLowerCase(),
            to: to.toLowerCase(), amount, time: new Date(Number(block.timestamp) * 1000) });
    };
    await send(deployer, 'mint', payer.address, 100_000_000n); // 100, received from the zero address
    await send(payer, 'transfer', payeeA.address, 5_000_000n); // Saturday
    await send(payer, 'transfer', payeeB.address, 1_250_000n); // Saturday
    await jsonRpc(rpcUrl, 'evm_increaseTime', [2 * 86_400]);
    await send(payer, 'transfer', payeeA.address, 2_500_000n); // Monday
    await send(payeeB, 'transfer', payer.address, 250_000n); // back to the wallet, Monday
    assert.equal(made[1].time.getUTCDay(), 6, `the chain's Saturday is ${made[1].time.toISOString()}`);
    assert.equal(made[3].time.getUTCDay(), 1, `the chain's Monday is ${made[3].time.toISOString()}`);
    ecb = await startEcb();
});

after(async () => {
    ecb?.close();
    await stopAll();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('agent-spend against ganache', () => {
    test('payments, payees and euro at the day\'s ECB rate', async () => {
        const r = await call({ wallet: payer.address, days: 30 });
        assert.ok(r.ok, JSON.stringify(r.json));
        const d = r.json;
        assert.equal(d.wallet, payer.address);
        assert.equal(d.token.contract.toLowerCase(), token.toLowerCase());

        const payments = made.filter((m) => m.from === payer.address.toLowerCase());
        assert.equal(d.payments.length, payments.length);
        let totalCents = 0n;
        payments.forEach((m, i) => {
            const p = d.payments[i];
            const day = rateDay(m.time);
            assert.equal(p.payee, m.to);
            assert.equal(p.amount_atomic, m.amount.toString());
            assert.equal(p.date, isoDay(m.time));
            assert.equal(p.rate_date, isoDay(day));
            assert.equal(p.rate_usd_per_eur, rateOf(day));
            const c = cents(m.amount, rateOf(day));
            assert.equal(p.amount_eur, euro(c));
            totalCents += c;
            // The Saturday's payments use Friday's rate and say so; Monday's has its own.
            assert.equal('rate_note' in p, m.time.getUTCDay() === 6, JSON.stringify(p));
            if (m.time.getUTCDay() === 6)
                assert.match(p.rate_note, /weekend/);
        });
        assert.equal(d.payments[0].amount_usdc, '5');
        assert.equal(d.payments[1].amount_usdc, '1.25');

        assert.equal(d.payees.length, 2);
        assert.equal(d.payees[0].payee, payeeA.address.toLowerCase());
        assert.equal(d.payees[0].amount_usdc, '7.5');
        assert.equal(d.payees[0].count, 2);
        assert.equal(d.payees[0].first_date, isoDay(made[1].time));
        assert.equal(d.payees[0].last_date, isoDay(made[3].time));
        assert.equal(d.payees[1].payee, payeeB.address.toLowerCase());
        assert.equal(d.payees[1].amount_usdc, '1.25');
        assert.equal(d.payees[1].count, 1);
        assert.deepEqual(d.totals, { count: 3, amount_usdc: '8.75', amount_eur: euro(totalCents), eur_complete: true, payees: 2 });

        // Received, apart: the mint from the zero address and the 0.25 payeeB sent back.
        assert.equal(d.received.transfers.length, 2);
        assert.equal(d.received.transfers[0].payer, '0x0000000000000000000000000000000000000000');
        assert.equal(d.received.transfers[1].payer, payeeB.address.toLowerCase());
        assert.equal(d.received.totals.amount_usdc, '100.25');

        assert.equal(d.sources.chain.chain_id, CHAIN_ID);
        assert.deepEqual(d.sources.chain.endpoints, [rpcUrl]);
        assert.equal(d.sources.ecb[0].source, 'ecb-fx');
        assert.equal(d.vat.is_decision, false);
    });

    test('CSV: a header row and one row per transfer', async () => {
        const r = await call({ wallet: payer.address.toLowerCase(), format: 'csv' });
        assert.ok(r.ok, JSON.stringify(r.json));
        const lines = r.json.csv.split('\r\n').filter((l) => l !== '');
        assert.equal(lines[0], 'date,time_utc,direction,counterparty,amount_usdc,rate_usd_per_eur,rate_date,amount_eur,rate_note,block,tx_hash,log_index');
        assert.equal(lines.length, 1 + made.length);
        assert.deepEqual(lines.slice(1).map((l) => l.split(',').slice(2, 5)), made.map((m) => [
            m.from === payer.address.toLowerCase() ? 'out' : 'in',
            m.from === payer.address.toLowerCase() ? m.to : m.from,
            (Number(m.amount) / 1e6).toString(),
        ]));
        // One ECB request per statement: each `ades call` is its own process, and the day's cache lives in
        // the process (integration tests show two calls of one service sharing one request).
        assert.equal(ecb.requests(), 2);
    });
});
