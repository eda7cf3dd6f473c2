#include "RegisterAgentLlm.h"

#include "ChatCompletion.h"
#include "ChatOffer.h"
#include "ChatRequest.h"
#include "ChatSchema.h"
#include "ChatTier.h"
#include "ModelsCatalog.h"
#include "area/AreaContext.h"
#include "area/AreaDocument.h"
#include "catalog/Catalog.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

namespace {

// Where a tier is sold and at which fixed price (SPEC §2.4, §4.1, §4.5).
struct Sale
{
    QString path; // POST route on the x402 channel
    Usdc price;
    QString mcpTool; // paid MCP tool; empty when the tier has none
};

Sale saleOf(const ChatTier &tier)
{
    static const QHash<QString, Sale> sales {
        { u"micro"_s,
            { u"/api/v1/micro/chat/completions"_s, Usdc::atomicUnits(3'000), u"agentllm_micro"_s } },
        { u"basic"_s, { u"/api/v1/chat/completions"_s, Usdc::atomicUnits(5'000), u"agentllm_basic"_s } },
        { u"chat"_s, { u"/x402/chat"_s, Usdc::atomicUnits(5'000), {} } },
        { u"plus"_s, { u"/x402/chat-plus"_s, Usdc::atomicUnits(20'000), u"chat_plus"_s } },
    };
    Q_ASSERT(sales.contains(tier.key));
    return sales.value(tier.key);
}

} // namespace

void registerAgentLlm(Catalog &catalog, const AreaContext &context,
    const QHash<QString, std::shared_ptr<const ChatUpstream>> &upstreams)
{
    // SPEC §2.4, §4.1, §4.5, §8 and docs/agentllm.md: one operation per tier, paid per call on its POST
    // path (and micro as the MCP tool agentllm_micro); the limits are checked before any payment.
    for (const ChatTier &tier : chatTiers()) {
        // On the /x402/ paths and the MCP tools the tier is the route itself: SPEC §4.1 shows their body as
        // any JSON object, so `model` may be left out and means the tier's product.
        const Sale sale = saleOf(tier);
        const bool ownRoute = sale.path.startsWith(u"/x402/"_s);
        Exposure paid = Exposure::x402(sale.path, sale.price).post();
        QList<Exposure> exposures { ownRoute ? paid.defaulting(u"model"_s, tier.productId()) : paid };
        if (!sale.mcpTool.isEmpty())
            exposures.append(
                Exposure::mcp(sale.mcpTool, sale.price).defaulting(u"model"_s, tier.productId()));
        exposures.append(Exposure::cli(tier.operationId()));
        catalog.add({
            .id = tier.operationId(),
            .title = tier.name,
            .summary = tier.description()
                + u" Fixed price %1 USDC per call; the request goes to the upstream "
                  "model unchanged (no hidden system prompt); OpenAI-compatible."_s.arg(
                      sale.price.toDecimalString()),
            .area = u"agentllm"_s,
            .outputContract = tier.outputContract,
            .inputSchema = ChatSchema::request(tier),
            .outputSchema = Catalog::loadSchema(u":/schemas/agentllm/chat.completion.out.json"_s),
            .exposures = exposures,
            .handler
            = makeChatCompletionHandler(tier, sale.price, upstreams.value(tier.upstreamKey), context.clock),
            .check = [&tier](const QJsonObject &arguments) { return ChatRequest::problem(tier, arguments); },
            .sources = { tier.upstreamSource() },
        });
    }
    // SPEC §2.4, §4.2: the free check takes the exact body of a paid call and never calls a model; it
    // spends the free channel's input-check quota, not the daily free calls.
    catalog.add({
        .id = ModelsCatalog::CheckOperationId,
        .title = u"AgentLLM free check"_s,
        .summary
        = u"Checks the exact JSON body intended for a paid AgentLLM call against its tier's schema and "
          "limits, without calling a model: ready_to_buy, the paid URL, the exact price and "
          "max_amount_atomic_units, the hard payment cap. Never charged."_s,
        .area = u"agentllm"_s,
        .outputContract = u"agentllm-check/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/agentllm/check.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/agentllm/check.out.json"_s),
        .exposures = { Exposure::free(u"/free/agentllm/check"_s, FreeQuota::InputChecks).post(),
            Exposure::cli(ModelsCatalog::CheckOperationId) },
        .handler =
            [&catalog](const QJsonObject &arguments, const CallContext &, Completion done) {
                done(OperationResult { ChatOffer::check(catalog, arguments), u"agentllm check"_s });
            },
    });
    // SPEC §2.4, §4.5: the product catalog of GET /api/v1/models as a free MCP tool, so an agent that only
    // speaks MCP finds the tiers, their paid URLs and prices. The same document, built from the same
    // catalog, with the address and networks the service serves at the time of the call. A catalog built
    // without a serving context (no address to name) does not offer it.
    if (context.documentInputs) {
        catalog.add({
            .id = u"agentllm.models"_s,
            .title = u"AgentLLM product catalog"_s,
            .summary
            = u"The AgentLLM products: one entry per tier with its model, limits, paid URL, exact price "
              "and MCP tool, the steps of a purchase and the purchase-safety flags. Free."_s,
            .area = u"agentllm"_s,
            .outputContract = u"agentllm-models/1"_s,
            .inputSchema = Catalog::loadSchema(u":/schemas/agentllm/models.in.json"_s),
            .outputSchema = Catalog::loadSchema(u":/schemas/agentllm/models.out.json"_s),
            .exposures = { Exposure::mcp(u"list_agentllm_models"_s), Exposure::cli(u"agentllm.models"_s) },
            .handler =
                [documentInputs = context.documentInputs](
                    const QJsonObject &, const CallContext &, Completion done) {
                    done(OperationResult { ModelsCatalog::document(documentInputs()), u"agentllm models"_s });
                },
        });
    }
    // SPEC §4.5: the MCP form of the free check for the micro tier, from a prompt.
    catalog.add({
        .id = u"agentllm.micro.prepare"_s,
        .title = u"Prepare an AgentLLM micro call"_s,
        .summary
        = u"Builds the agentllm_micro arguments from a prompt (and an optional system message) and "
          "checks them as the paid tool will, without calling a model: ready_to_buy, limits, the exact "
          "price, the payment cap and the paid tool's arguments. Free."_s,
        .area = u"agentllm"_s,
        .outputContract = u"agentllm-check/1"_s,
        .inputSchema = Catalog::loadSchema(u":/schemas/agentllm/prepare.micro.in.json"_s),
        .outputSchema = Catalog::loadSchema(u":/schemas/agentllm/check.out.json"_s),
        .exposures
        = { Exposure::mcp(u"prepare_agentllm_micro"_s), Exposure::cli(u"agentllm.micro.prepare"_s) },
        .handler =
            [&catalog](const QJsonObject &arguments, const CallContext &, Completion done) {
                done(OperationResult { ChatOffer::check(catalog, ChatOffer::microBody(arguments)),
                    u"agentllm micro prepare"_s });
            },
    });
}

} // namespace ades::agentllm
