// The OpenAPI document of `ades serve` checked by a real OpenAPI 3.1 validator, then used as the contract:
// the other discovery documents and real answers of the service must match the schemas it declares.
//   node openapi-validate.mjs            starts $ADES_BIN serve (with a receiving address) and checks it
//   node openapi-validate.mjs FILE       checks the document in FILE only (no service needed)
// Exits non-zero and prints every error when something does not hold.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { startAdesServe, stopAll } from './harness.mjs';

const PAY_TO = '0x1111111111111111111111111111111111111111';
const DOCUMENT_ID = 'urn:ades:openapi';
const errors = [];

function fail(message) {
    errors.push(message);
}

function escapePointer(token) {
    return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

function resolvePointer(document, pointer) {
    let at = document;
    for (const raw of pointer.replace(/^#\//, '').split('/')) {
        const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
        if (at === null || typeof at !== 'object' || !(token in at))
            return undefined;
        at = at[token];
    }
    return at;
}

// What the OpenAPI 3.1 schema cannot say: every {placeholder} is a required path parameter and every path
// parameter has a placeholder, operation ids are unique, every Schema Object is a valid 2020-12 schema.
function checkSemantics(document) {
    const ids = new Set();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const checkSchema = (schema, where) => {
        if (schema && typeof schema === 'object' && !ajv.validateSchema(schema))
            fail(`${where}: not a JSON Schema 2020-12: ${ajv.errorsText(ajv.errors)}`);
    };
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {}))
        checkSchema(schema, `components.schemas.${name}`);
    for (const [path, item] of Object.entries(document.paths ?? {})) {
        const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
        for (const [method, operation] of Object.entries(item)) {
            const where = `${method.toUpperCase()} ${path}`;
            if (!operation.operationId)
                fail(`${where}: no operationId`);
            else if (ids.has(operation.operationId))
                fail(`${where}: operationId ${operation.operationId} is used twice`);
            ids.add(operation.operationId);
            const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path');
            for (const name of placeholders) {
                const parameter = inPath.find((p) => p.name === name);
                if (!parameter)
                    fail(`${where}: {${name}} has no path parameter`);
                else if (parameter.required !== true)
                    fail(`${where}: path parameter ${name} is not required`);
            }
            for (const parameter of inPath) {
                if (!placeholders.includes(parameter.name))
                    fail(`${where}: path parameter ${parameter.name} is not in the path`);
            }
            for (const parameter of operation.parameters ?? [])
                checkSchema(parameter.schema ?? parameter.content?.['application/json']?.schema, `${where} parameter ${parameter.name}`);
            for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
                checkSchema(media.schema, `${where} request ${type}`);
            for (const [status, response] of Object.entries(operation.responses ?? {})) {
                for (const [type, media] of Object.entries(response.content ?? {}))
                    checkSchema(media.schema, `${where} ${status} ${type}`);
            }
        }
    }
}

async function validateDocument(document) {
    const validator = new Validator();
    const result = await validator.validate(document);
    if (!result.valid)
        fail(`not a valid OpenAPI document: ${JSON.stringify(result.errors, null, 2)}`);
    else if (validator.version !== '3.1')
        fail(`validated as OpenAPI ${validator.version}, expected 3.1`);
    if (document.openapi !== '3.1.0')
        fail(`openapi is ${document.openapi}, expected 3.1.0`);
    if (document.info?.version !== '1.6.0')
        fail(`info.version is ${document.info?.version}, expected 1.6.0`);
    checkSemantics(document);
}

// Real answers of the service against the response schemas the document declares for them.
async function checkAnswers(document, baseUrl) {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    const check = async (label, method, path, status, init = {}, documentPath = path) => {
        const response = await fetch(baseUrl + path, { method, ...init });
        const declared = document.paths?.[documentPath]?.[method.toLowerCase()]?.responses?.[String(status)];
        if (response.status !== status)
            return fail(`${label}: ${method} ${path} answered ${response.status}, expected ${status}: ${await response.text()}`);
        if (!declared)
            return fail(`${label}: ${method} ${documentPath} declares no ${status} answer`);
        const type = (response.headers.get('content-type') ?? '').split(';')[0].trim();
        const media = Object.keys(declared.content ?? {}).find((t) => t.split(';')[0].trim() === type);
        if (!media)
            return fail(`${label}: ${status} content type ${type} is not declared (${Object.keys(declared.content ?? {})})`);
        for (const name of Object.keys(declared.headers ?? {})) {
            if (name === 'PAYMENT-REQUIRED' && !response.headers.has(name))
                fail(`${label}: header ${name} is missing`);
        }
        if (type !== 'application/json')
            return;
        const pointer = ['paths', documentPath, method.toLowerCase(), 'responses', String(status), 'content', media, 'schema']
            .map(escapePointer).join('/');
        const validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
        const body = await response.json();
        if (!validate(body))
            fail(`${label}: the ${status} body does not match its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`);
    };

    // Every discovery document the service lists under its own routes.
    for (const [path, item] of Object.entries(document.paths)) {
        if (item.get?.tags?.includes('discovery'))
            await check(`discovery ${path}`, 'GET', path, 200);
    }
    await check('health', 'GET', '/v1/health', 200);
    const signup = await fetch(`${baseUrl}/v1/signup`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'agent@example.com' }),
    });
    const { api_key: key } = await signup.json();
    if (!key)
        return fail('signup gave no key');
    const withKey = { headers: { 'x-api-key': key } };
    await check('usage', 'GET', '/v1/usage', 200, withKey);
    await check('usage without key', 'GET', '/v1/usage', 401);
    await check('key iban result', 'GET', '/v1/iban?value=DE89370400440532013000', 200, withKey, '/v1/iban');
    await check('key iban without key', 'GET', '/v1/iban?value=DE89370400440532013000', 401, {}, '/v1/iban');
    await check('key iban wrong argument', 'GET', '/v1/iban?nope=1', 422, withKey, '/v1/iban');
    await check('x402 challenge', 'GET', '/x402/iban/DE89370400440532013000', 402, {}, '/x402/iban/{iban}');
    // eu.vat.rules: its ~30 result members, in a reverse-charge and a review case, on the key and free channels.
    const reverseCharge = 'supplier=DE&customer=FR&customer_vat_valid=true';
    await check('key vat-rules result', 'GET', `/v1/vat-rules?${reverseCharge}`, 200, withKey, '/v1/vat-rules');
    await check('free vat-rules review', 'GET', '/free/vat-rules?supplier=DE&customer=AT&type=digital&b2b=false', 200, {}, '/free/vat-rules');
    await check('free vat-rules goods', 'GET', '/free/vat-rules?supplier=EL&customer=GB&type=goods', 200, {}, '/free/vat-rules');
    await check('key vat-rules unknown country', 'GET', '/v1/vat-rules?supplier=DE&customer=UK', 422, withKey, '/v1/vat-rules');
    await check('x402 vat-rules challenge', 'GET', `/x402/vat-rules?${reverseCharge}`, 402, {}, '/x402/vat-rules');
    // AgentLLM (issue 18): the free check, the challenge of a valid body, an over-limit body; the free purchase guard.
    const json = (body) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const chat = { model: 'agentllm/micro', messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 };
    await check('agentllm free check', 'POST', '/free/agentllm/check', 200, json(chat));
    await check('agentllm micro challenge', 'POST', '/api/v1/micro/chat/completions', 402, json(chat));
    await check('agentllm micro over limit', 'POST', '/api/v1/micro/chat/completions', 422,
        json({ ...chat, messages: [{ role: 'user', content: 'x'.repeat(2401) }] }));
    const challenge = (await fetch(`${baseUrl}/api/v1/micro/chat/completions`, { method: 'POST', ...json(chat) })).headers.get('payment-required');
    await check('purchase guard', 'POST', '/free/x402-purchase-guard/check', 200, json({
        resource_url: `${baseUrl}/api/v1/micro/chat/completions`,
        payment_required: challenge,
        spending_authority: { max_per_call_usdc: '0.01', max_per_day_usdc: '1', allowed_networks: ['base'] },
    }));
    await check('signup not JSON', 'POST', '/v1/signup', 400, { headers: { 'content-type': 'application/json' }, body: 'x' });
    await check('verify description', 'GET', '/verify', 200);
    const delivered = await (await fetch(`${baseUrl}/v1/iban?value=DE89370400440532013000`, withKey)).text();
    await check('verify verdict', 'POST', '/verify', 200, { headers: { 'content-type': 'application/json' }, body: delivered });
}

async function main() {
    const file = process.argv[2];
    if (file) {
        await validateDocument(JSON.parse(readFileSync(file, 'utf8')));
    } else {
        if (!process.env.ADES_BIN)
            throw new Error('set ADES_BIN to the ades executable, or pass an OpenAPI file');
        const workDir = mkdtempSync(join(tmpdir(), 'ades-openapi-'));
        try {
            const { baseUrl } = await startAdesServe(process.env.ADES_BIN, workDir, { ADES_X402_PAYTO_EVM: PAY_TO });
            const document = await (await fetch(`${baseUrl}/openapi.json`)).json();
            await validateDocument(document);
            if (errors.length === 0)
                await checkAnswers(document, baseUrl);
        } finally {
            await stopAll();
            rmSync(workDir, { recursive: true, force: true });
        }
    }
    if (errors.length > 0) {
        console.error(`openapi: ${errors.length} problem(s):\n- ${errors.join('\n- ')}`);
        process.exit(1);
    }
    console.log('openapi: valid OpenAPI 3.1; the discovery documents and the sampled answers match it');
}

await main();
