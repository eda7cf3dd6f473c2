// End-to-end (issue 17, US import readiness): the UNMODIFIED official @x402/fetch client pays the 0.25 USDC
// dossier over HTTP, the official MCP SDK client buys it again through us_import_readiness_guard with a
// payment signed by the official x402 client, and the settled dossier is recovered free after ades serve
// is killed and restarted. The chain is ganache standing in for Base (as in x402-invoice-to-pay.e2e.test.mjs:
// Base USDC's address carries the test token), the facilitator is the official one (facilitator.mjs), and the
// two upstreams are loopback replays of the recorded bodies in ../shared/data/upstreams/{usitc-hts,
// cpsc-recalls}. Environment: ADES_BIN (the ades executable). Skipped without the shared corpus.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { x402Client } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { mnemonicToAccount } from 'viem/accounts';
import { freePort, sharedDataDir, start, startLocalBaseUsdc, stopAll, waitFor } from './harness.mjs';

const CHAIN_ID = 8453;
const NETWORK = `eip155:${CHAIN_ID}`;
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PRICE = 250_000n; // 0.25 USDC
const MINTED = 10_000_000n;
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const UPSTREAMS = join(sharedDataDir() ?? '/nonexistent', 'upstreams');

const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 });
const payer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 1 });
const payTo = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 2 }).address;

const adesBin = process.env.ADES_BIN;
const haveCorpus = existsSync(join(UPSTREAMS, 'usitc-hts')) && existsSync(join(UPSTREAMS, 'cpsc-recalls'));
let workDir;
let dataDir;
let baseUrl;
let adesEnv;
let publicClient;
let abi;
let upstreamRequests = 0;
let adesChild;
let upstreams;

async function payerBalance() {
    return publicClient.readContract({ address: BASE_USDC, abi, functionName: 'balanceOf', args: [payer.address] });
}

function unmodifiedClient() {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    return client;
}

// USITC and CPSC on loopback: the recorded bodies, routed by path.
function replayUpstreams(port) {
    const read = (file) => readFileSync(join(UPSTREAMS, file));
    const server = createServer((request, response) => {
        upstreamRequests += 1;
        const path = new URL(request.url, 'http://x').pathname;
        const bodies = {
            '/hts/releaseList': Buffer.from('["2026HTSRev19"]'),
            '/hts/exportList': read('usitc-hts/exportList-6109.constructed.json'),
            '/hts/search': read('usitc-hts/search-keyword-coffee.constructed.json'),
            '/cpsc/Recall': read('cpsc-recalls/Recall-format-json-26645.json'),
        };
        const body = bodies[path];
        response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
        response.end(body ?? '[]');
    });
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function input() {
    const riskAnswers = Object.fromEntries(['battery', 'food_or_supplement', 'drug_or_medical_device', 'cosmetic',
        'plant_seed_or_animal_product', 'chemical_or_hazmat', 'alcohol_or_tobacco', 'weapon_or_weapon_part',
        'counterfeit_or_unlicensed_replica', 'radio_transmitter', 'childrens_product'].map((m) => [m, 'no']));
    return {
        dispatch_country: 'DE', destination_country: 'US', country_of_origin: 'PT', hts_code: '6109.10.00.04',
        product_name: 'Cotton T-shirt', product_description: 'A plain knitted cotton T-shirt with short sleeves.',
        material_or_composition: '100% cotton', intended_use: 'Personal wear', brand: 'Nordwind',
        customs_value_usd: '60.00', quantity: 3, importer_use: 'personal', merchant_forwarding_policy: 'allowed',
        risk_answers: riskAnswers,
    };
}

async function freeCheck(body) {
    const response = await fetch(`${baseUrl}/free/us-import-readiness/check`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal(response.status, 200, await response.clone().text());
    return response.json();
}

async function startAdes() {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const ades = start('ades serve', adesBin, ['serve', '--listen', `127.0.0.1:${port}`, '--data-dir', dataDir], { env: adesEnv });
    await waitFor('ades serve', ades, async () => (await fetch(`${baseUrl}/v1/health`)).ok, 60000);
    adesChild = ades;
}

before(async () => {
    if (!haveCorpus)
        return;
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-e2e-usi-'));
    dataDir = join(workDir, 'data');
    const local = await startLocalBaseUsdc({ deployer, mintTo: payer.address, minted: MINTED });
    const rpcUrl = local.rpcUrl;
    publicClient = local.publicClient;
    abi = local.abi;
    const upstreamPort = await freePort();
    upstreams = await replayUpstreams(upstreamPort);
    adesEnv = {
        ...process.env,
        ADES_X402_PAYTO_EVM: payTo,
        ADES_X402_NETWORKS: 'base',
        ADES_X402_RPC_BASE: rpcUrl,
        ADES_UPSTREAM_FACILITATOR_BASE_URL: local.facilitatorUrl,
        ADES_UPSTREAM_USITC_HTS_BASE_URL: `http://127.0.0.1:${upstreamPort}/hts`,
        ADES_UPSTREAM_CPSC_RECALLS_BASE_URL: `http://127.0.0.1:${upstreamPort}/cpsc`,
        ADES_SANCTIONS_REFRESH_HOURS: '0',
    };
    await startAdes();
});

after(async () => {
    await stopAll();
    // The replay server lives in this process: closed, so that the test process can end.
    if (upstreams) {
        upstreams.closeAllConnections();
        await new Promise((resolve) => upstreams.close(resolve));
    }
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('US import readiness with the official clients', () => {
    test('the unmodified x402 client pays the dossier; it is recovered free after a restart', async (t) => {
        if (!haveCorpus) {
            t.skip(`the shared upstream corpus is absent (${UPSTREAMS})`);
            return;
        }
        const checked = await freeCheck(input());
        assert.equal(checked.contract, 'eu-to-us-import-readiness/1');
        assert.equal(checked.price, 'free');
        assert.equal(checked.purchase.amount_atomic_units, PRICE.toString());
        const body = { ...input(), job_id: checked.job.job_id, recovery_secret: checked.job.recovery_secret };

        const before = await payerBalance();
        const payingFetch = wrapFetchWithPayment(fetch, unmodifiedClient());
        const response = await payingFetch(`${baseUrl}/x402/us-import-readiness`, {
            method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const text = await response.text();
        assert.equal(response.status, 200, text);
        const settlement = decodePaymentResponseHeader(response.headers.get('payment-response'));
        assert.equal(settlement.success, true);
        assert.equal(settlement.network, NETWORK);
        assert.equal(before - await payerBalance(), PRICE);
        const dossier = JSON.parse(text);
        assert.equal(dossier.contract, 'eu-to-us-import-readiness/1');
        // The recorded tariff line refers to Chapter 99: reviewed, never proceed.
        assert.equal(dossier.decision.value, 'REVIEW_REQUIRED');
        assert.equal(dossier.ordinary_duty_component.duty_usd, '9.90'); // 16.5 % of 60.00
        const file = join(workDir, 'dossier.json');
        writeFileSync(file, text);
        const verdict = spawnSync(adesBin, ['verify', file, '--data-dir', dataDir], { encoding: 'utf8' });
        assert.equal(verdict.status, 0, `ades verify: ${verdict.stdout}${verdict.stderr}`);

        // Killed, restarted on the same data folder: the settled dossier comes back, free and unchanged.
        await new Promise((resolve) => {
            adesChild.once('exit', resolve);
            adesChild.kill('SIGKILL');
        });
        await startAdes();
        const calls = upstreamRequests;
        const recovered = await fetch(`${baseUrl}/free/us-import-readiness/recover/${checked.job.job_id}`, {
            method: 'POST', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ recovery_secret: checked.job.recovery_secret }) });
        assert.equal(recovered.status, 200);
        assert.deepEqual((await recovered.json()).result, dossier);
        assert.equal(upstreamRequests, calls, 'recovery asks no upstream');
        assert.equal(before - await payerBalance(), PRICE, 'recovery charges nothing');
    });

    test('the MCP SDK client buys the dossier through us_import_readiness_guard', async (t) => {
        if (!haveCorpus) {
            t.skip(`the shared upstream corpus is absent (${UPSTREAMS})`);
            return;
        }
        const client = new Client({ name: 'ades-e2e-us-import', version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`)));
        try {
            const { destination_country: _omitted, ...mcpInput } = input();
            const prepared = await client.callTool({ name: 'prepare_us_import_readiness', arguments: mcpInput });
            assert.ok(!prepared.isError, JSON.stringify(prepared));
            const args = prepared.structuredContent.purchase.mcp_arguments;
            const unpaid = await client.callTool({ name: 'us_import_readiness_guard', arguments: args });
            assert.equal(unpaid.isError, true);
            const required = unpaid.structuredContent;
            assert.equal(BigInt(required.accepts[0].amount), PRICE);
            const payment = await unmodifiedClient().createPaymentPayload(required);
            const before = await payerBalance();
            const paid = await client.callTool({ name: 'us_import_readiness_guard', arguments: args, _meta: { 'x402/payment': payment } });
            assert.ok(!paid.isError, JSON.stringify(paid));
            assert.equal(paid.structuredContent.contract, 'eu-to-us-import-readiness/1');
            assert.equal(paid._meta['x402/payment-response'].success, true);
            assert.equal(before - await payerBalance(), PRICE);
            const recovered = await client.callTool({ name: 'recover_us_import_readiness',
                arguments: { job_id: args.job_id, recovery_secret: args.recovery_secret } });
            assert.ok(!recovered.isError, JSON.stringify(recovered));
            assert.deepEqual(recovered.structuredContent.result, paid.structuredContent);
        } finally {
            await client.close();
        }
    });
});
