#include "RegisterAgentLlm.h"

#include "ChatCompletion.h"
#include "ChatRequest.h"
#include "ChatSchema.h"
#include "ChatTier.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"

using namespace Qt::StringLiterals;

namespace ades::agentllm {

void registerAgentLlm(Catalog &catalog, const AreaContext &context,
    const QHash<QString, std::shared_ptr<const ChatUpstream>> &upstreams)
{
    // SPEC §2.4, §4.1, §4.5, §8 and docs/agentllm.md: one operation per tier, paid per call on its POST
    // path (and micro as the MCP tool agentllm_micro); the limits are checked before any payment.
    for (const ChatTier &tier : chatTiers()) {
        QList<Exposure> exposures { Exposure::x402(tier.path, tier.price).post() };
        if (!tier.mcpTool.isEmpty())
            exposures.append(Exposure::mcp(tier.mcpTool, tier.price));
        exposures.append(Exposure::cli(tier.operationId()));
        catalog.add({
            .id = tier.operationId(),
            .title = tier.name,
            .summary = tier.description
                + u" Fixed price %1 USDC per call; the request goes to the upstream "
                  "model unchanged (no hidden system prompt); OpenAI-compatible."_s.arg(
                      tier.price.toDecimalString()),
            .area = u"agentllm"_s,
            .outputContract = tier.outputContract,
            .inputSchema = ChatSchema::request(tier),
            .outputSchema = Catalog::loadSchema(u":/schemas/agentllm/chat.completion.out.json"_s),
            .exposures = exposures,
            .handler = makeChatCompletionHandler(tier, upstreams.value(tier.upstreamKey), context.clock),
            .check = [&tier](const QJsonObject &arguments) { return ChatRequest::problem(tier, arguments); },
            .sources = { tier.upstreamSource() },
        });
    }
}

} // namespace ades::agentllm
