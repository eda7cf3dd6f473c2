// End-to-end (issue 14, invoice-to-pay): the price of the paid dossier is exactly the default per-payment cap
// of the official x402 client, so the UNMODIFIED @x402/fetch client pays POST /x402/invoice-to-pay. Its
// default cap ("$1", @x402/core 2.27) applies only to the assets of its default table, so the local chain
// stands in for Base: ganache with chain id 8453 and the test token's code and domain placed at the address
// of Base USDC. The client gets no spend controls at all; ades serve offers its ordinary `base` network.
// Environment: ADES_BIN (the ades executable). Skipped without the shared sanctions snapshot (with VIES
// unreachable on loopback, the lists are the dossier's one outside source).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment } from '@x402/fetch';
import { mnemonicToAccount } from 'viem/accounts';
import { freePort, start, startLocalBaseUsdc, stopAll, waitFor } from './harness.mjs';

const CHAIN_ID = 8453; // Base: the network whose USDC is in the client's default asset table
const NETWORK = `eip155:${CHAIN_ID}`;
const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const PRICE = 1_000_000n; // 1.00 USDC: the dossier's price and the client's default cap
const MINTED = 10_000_000n;
const PATH = '/x402/invoice-to-pay';
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
const here = dirname(fileURLToPath(import.meta.url));
const SANCTIONS_SNAPSHOT = resolve(here, '..', '..', '..', 'shared', 'data', 'sanctions', 'index_all_lists.derived.jsonl.gz');
const INVOICE = readFileSync(resolve(here, '..', 'data', 'invoicetopay', 'domestic-de.xml'), 'utf8');

const deployer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 0 }); // also the facilitator
const payer = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 1 });
const payTo = mnemonicToAccount(GANACHE_MNEMONIC, { addressIndex: 2 }).address;

const adesBin = process.env.ADES_BIN;
const haveSanctions = existsSync(SANCTIONS_SNAPSHOT);
let workDir;
let dataDir;
let baseUrl;
let publicClient;
let abi;

async function balances() {
    const [payerBalance, payToBalance] = await Promise.all([payer.address, payTo].map((owner) =>
        publicClient.readContract({ address: BASE_USDC, abi, functionName: 'balanceOf', args: [owner] })));
    return { payer: payerBalance, payTo: payToBalance };
}

// The official client exactly as a new user gets it: a wallet and the exact EVM scheme, nothing else.
function unmodifiedClient() {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer });
    return client;
}

function requestBody() {
    return JSON.stringify({
        invoice_xml: INVOICE,
        buyer_country: 'DE',
        expected_amount: '1190.00',
        expected_currency: 'EUR',
        trusted_payee_iban: 'DE89370400440532013000',
    });
}

before(async () => {
    if (!haveSanctions)
        return;
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-e2e-itp-'));
    dataDir = join(workDir, 'data');
    const imported = spawnSync(adesBin, ['sanctions', 'import', SANCTIONS_SNAPSHOT, '--data-dir', dataDir], { encoding: 'utf8' });
    assert.equal(imported.status, 0, `ades sanctions import: ${imported.stdout}${imported.stderr}`);

    const local = await startLocalBaseUsdc({ deployer, mintTo: payer.address, minted: MINTED });
    const rpcUrl = local.rpcUrl;
    publicClient = local.publicClient;
    abi = local.abi;
    assert.equal(await publicClient.readContract({ address: BASE_USDC, abi, functionName: 'name' }), 'USD Coin');

    // Nothing listens here: VIES is unreachable, so its check is missing and the dossier holds.
    const closedPort = await freePort();
    const adesPort = await freePort();
    baseUrl = `http://127.0.0.1:${adesPort}`;
    const ades = start('ades serve', adesBin, ['serve', '--listen', `127.0.0.1:${adesPort}`, '--data-dir', dataDir], {
        env: {
            ...process.env,
            ADES_X402_PAYTO_EVM: payTo,
            ADES_X402_NETWORKS: 'base',
            ADES_X402_RPC_BASE: rpcUrl,
            ADES_UPSTREAM_FACILITATOR_BASE_URL: local.facilitatorUrl,
            ADES_UPSTREAM_VIES_BASE_URL: `http://127.0.0.1:${closedPort}`,
            ADES_SANCTIONS_REFRESH_HOURS: '0',
        },
    });
    let lastAnswer = 'no answer';
    await waitFor('a 402 challenge for the dossier from ades serve', ades, async () => {
        const response = await fetch(baseUrl + PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody() });
        const body = await response.text();
        lastAnswer = `${response.status} ${body}`;
        return response.status === 402 && body.includes(BASE_USDC);
    }, 60000).catch((error) => {
        throw new Error(`${error.message}\nlast answer: ${lastAnswer}`);
    });
});

after(async () => {
    await stopAll();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('the unmodified official x402 client pays the invoice-to-pay dossier', () => {
    test('the price is within the default cap and the dossier is delivered and settled', async (t) => {
        if (!haveSanctions) {
            t.skip(`the shared sanctions snapshot is absent (${SANCTIONS_SNAPSHOT})`);
            return;
        }
        const before = await balances();
        const sent = [];
        const payingFetch = wrapFetchWithPayment(async (input, init) => {
            const request = new Request(input, init);
            if (request.headers.get('payment-signature'))
                sent.push(request.headers.get('payment-signature'));
            return fetch(request);
        }, unmodifiedClient());
        const response = await payingFetch(baseUrl + PATH, {
            method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody(),
        });
        const body = await response.text();
        assert.equal(response.status, 200, body);
        assert.equal(sent.length, 1, 'the client sends exactly one payment');
        const settlement = decodePaymentResponseHeader(response.headers.get('payment-response'));
        assert.equal(settlement.success, true);
        assert.equal(settlement.network, NETWORK);

        const after = await balances();
        assert.equal(before.payer - after.payer, PRICE);
        assert.equal(after.payTo - before.payTo, PRICE);

        const dossier = JSON.parse(body);
        assert.equal(dossier.contract, 'eu-invoice-to-pay/1');
        // VIES is unreachable here: its check is missing, so the answer can only be a hold.
        assert.equal(dossier.decision, 'HOLD_FOR_REVIEW');
        assert.deepEqual(dossier.evidence_coverage.missing_checks, ['supplier_vat_vies']);
        assert.ok(!body.includes('DE89370400440532013000'), 'the full IBAN is never returned');
        const file = join(workDir, 'dossier.json');
        writeFileSync(file, body);
        const verdict = spawnSync(adesBin, ['verify', file, '--data-dir', dataDir], { encoding: 'utf8' });
        assert.equal(verdict.status, 0, `ades verify: ${verdict.stdout}${verdict.stderr}`);
    });

    test('one atomic unit more and the same client refuses to pay', async (t) => {
        if (!haveSanctions) {
            t.skip(`the shared sanctions snapshot is absent (${SANCTIONS_SNAPSHOT})`);
            return;
        }
        const challenge = await fetch(baseUrl + PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: requestBody() });
        assert.equal(challenge.status, 402);
        const httpClient = new x402HTTPClient(unmodifiedClient());
        const required = httpClient.getPaymentRequiredResponse((name) => challenge.headers.get(name), await challenge.json());
        assert.equal(BigInt(required.accepts[0].amount), PRICE);
        await httpClient.createPaymentPayload(required); // exactly the cap: signed
        required.accepts = required.accepts.map((offer) => ({ ...offer, amount: (PRICE + 1n).toString() }));
        await assert.rejects(httpClient.createPaymentPayload(required), /maxAmountPerPayment/);
    });
});
