#include "ModelsCatalog.h"

#include "ChatTier.h"
#include "area/AreaDocument.h"
#include "catalog/Catalog.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

namespace {

// When the tiers were first offered: `created` of every entry, as OpenAI's model list gives a model's date.
constexpr qint64 ProductsCreated = 1764374400; // 2025-11-29T00:00:00Z

QString networkName(const x402::X402Network &network)
{
    QStringList words = network.key.split(u'-');
    for (QString &w : words)
        w[0] = w[0].toUpper();
    return words.join(u' ');
}

} // namespace

QJsonObject ModelsCatalog::purchaseSafety()
{
    return QJsonObject {
        { u"require_spending_authority"_s, true },
        { u"pay_only_exact_402_amount"_s, true },
        { u"retry_identical_request_at_most_once"_s, true },
        { u"never_send_private_key_to_server"_s, true },
        { u"notes"_s,
            QJsonObject {
                { u"require_spending_authority"_s,
                    u"Buy only within a spending authority your principal gave (per-call and per-day caps, "
                    "networks, assets), and check every 402 challenge against it before signing."_s },
                { u"pay_only_exact_402_amount"_s,
                    u"Sign exactly the amount of the 402 challenge, never more than max_amount_atomic_units."_s },
                { u"retry_identical_request_at_most_once"_s,
                    u"Repeat an identical paid request at most once (a lost response); never pay again "
                    u"because "
                    "an answer is not what you hoped."_s },
                { u"never_send_private_key_to_server"_s,
                    u"Sign locally; no request to this service ever needs a private key."_s },
            } },
    };
}

QString ModelsCatalog::freeCheckUrl(const AreaDocumentInputs &inputs)
{
    const Operation *check = inputs.catalog.find(CheckOperationId);
    const Exposure *free = check ? check->exposure(Channel::Free) : nullptr;
    return free ? inputs.baseUrl + free->route : QString();
}

QJsonArray ModelsCatalog::steps(const AreaDocumentInputs &inputs)
{
    const QString baseUrl = inputs.baseUrl;
    return QJsonArray {
        u"1. Pick the tier whose limits fit your request from this list (GET %1%2)."_s.arg(
            baseUrl, QString::fromLatin1(Path)),
        u"2. POST the exact request body to %1: free, never calls a model; it answers ready_to_buy, the paid "
        "URL, the exact price and max_amount_atomic_units."_s.arg(freeCheckUrl(inputs)),
        u"3. POST the same body to the tier's endpoint; the 402 answer's PAYMENT-REQUIRED header is the x402 "
        u"v2 "
        "challenge."_s,
        u"4. Check the challenge against your spending authority, sign exactly its amount, and repeat the "
        "identical request once with PAYMENT-SIGNATURE."_s,
        u"5. The 200 answer is a chat.completion with x402_service and a signed receipt (verify it at "
        "%1/verify). 400, 422 and 503 are never charged."_s.arg(baseUrl),
    };
}

QJsonArray ModelsCatalog::entries(const AreaDocumentInputs &inputs)
{
    QJsonArray networks;
    for (const x402::X402Network &network : inputs.paymentNetworks)
        networks.append(networkName(network));
    QJsonArray data;
    for (const ChatTier &tier : chatTiers()) {
        const Operation *operation = inputs.catalog.find(tier.operationId());
        const Exposure *paid = operation ? operation->exposure(Channel::X402) : nullptr;
        if (!paid)
            continue;
        const Exposure *tool = operation->exposure(Channel::Mcp);
        const QString endpoint = inputs.baseUrl + paid->route;
        // The OpenAI SDKs append /chat/completions to their base URL.
        const QString sdkSuffix = u"/chat/completions"_s;
        const QString baseUrl
            = endpoint.endsWith(sdkSuffix) ? endpoint.chopped(sdkSuffix.size()) : inputs.baseUrl;
        data.append(QJsonObject {
            { u"id"_s, tier.productId() },
            { u"object"_s, u"model"_s },
            { u"created"_s, ProductsCreated },
            { u"owned_by"_s, u"ades"_s },
            { u"name"_s, tier.name },
            { u"description"_s, tier.description() },
            { u"endpoint"_s, endpoint },
            { u"base_url"_s, baseUrl },
            { u"openai_sdk_compatible"_s, endpoint.endsWith(sdkSuffix) },
            { u"accepted_model_values"_s, QJsonArray::fromStringList(tier.acceptedModels()) },
            { u"billing_mode"_s, u"fixed_per_call"_s },
            { u"price_usdc"_s, paid->price.toDecimalString() },
            { u"price_atomic_units"_s, paid->price.toAtomicString() },
            { u"max_input_bytes"_s, tier.maxInputBytes },
            { u"max_messages"_s, tier.maxMessages },
            { u"max_output_tokens"_s, tier.maxOutputTokens },
            { u"retry_max_output_tokens"_s, tier.retryMaxOutputTokens },
            { u"streaming"_s, false },
            { u"input"_s, QJsonArray { u"text"_s } },
            { u"capabilities"_s,
                QJsonArray { u"chat.completions"_s, u"fixed_price"_s, u"signed_receipt"_s,
                    u"no_hidden_system_prompt"_s } },
            { u"supported_parameters"_s,
                QJsonArray {
                    u"model"_s, u"messages"_s, u"max_tokens"_s, u"max_completion_tokens"_s, u"stream"_s } },
            { u"requires_x402_transport"_s, true },
            { u"payment_networks"_s, networks },
            { u"output_contract"_s, tier.outputContract },
            { u"mcp_tool"_s, tool ? QJsonValue(tool->route) : QJsonValue() },
        });
    }
    return data;
}

QJsonObject ModelsCatalog::document(const AreaDocumentInputs &inputs)
{
    return QJsonObject {
        { u"object"_s, u"list"_s },
        { u"name"_s, u"AgentLLM"_s },
        { u"purpose"_s,
            u"Fixed-price, OpenAI-compatible chat completions for autonomous agents: one known price per "
            u"call "
            "paid with x402 (USDC), limits checked before payment, the request passed to the model "
            "unchanged, "
            "and a signed receipt on every delivered answer."_s },
        { u"steps"_s, steps(inputs) },
        { u"purchase_safety"_s, purchaseSafety() },
        { u"free_check_url"_s, freeCheckUrl(inputs) },
        { u"data"_s, entries(inputs) },
    };
}

} // namespace ades::agentllm
