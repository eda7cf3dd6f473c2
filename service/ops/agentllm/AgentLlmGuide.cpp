#include "AgentLlmGuide.h"

#include "ModelsCatalog.h"
#include "area/AreaDocument.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::agentllm {

QJsonObject AgentLlmGuide::quickstart(const AreaDocumentInputs &inputs)
{
    QJsonArray tiers;
    for (const QJsonValue &value : ModelsCatalog::entries(inputs)) {
        const QJsonObject entry = value.toObject();
        const QString model = entry.value(u"id"_s).toString();
        tiers.append(QJsonObject {
            { u"model"_s, model },
            { u"endpoint"_s, entry.value(u"endpoint"_s) },
            { u"price_usdc"_s, entry.value(u"price_usdc"_s) },
            { u"max_amount_atomic_units"_s, entry.value(u"price_atomic_units"_s) },
            { u"limits"_s,
                QJsonObject { { u"max_input_bytes"_s, entry.value(u"max_input_bytes"_s) },
                    { u"max_messages"_s, entry.value(u"max_messages"_s) },
                    { u"max_output_tokens"_s, entry.value(u"max_output_tokens"_s) } } },
            { u"mcp_tool"_s, entry.value(u"mcp_tool"_s) },
            { u"example_body"_s,
                QJsonObject {
                    { u"model"_s, model },
                    { u"messages"_s,
                        QJsonArray { QJsonObject { { u"role"_s, u"user"_s },
                            { u"content"_s, u"Answer yes or no: is 17 a prime number?"_s } } } },
                    { u"max_tokens"_s, 20 },
                    { u"stream"_s, false },
                } },
            { u"openai_sdk"_s,
                entry.value(u"openai_sdk_compatible"_s).toBool() ? QJsonValue(
                    QJsonObject { { u"baseURL"_s, entry.value(u"base_url"_s) }, { u"model"_s, model },
                        { u"note"_s,
                            u"Pass a fetch that pays x402 (e.g. @x402/fetch's wrapFetchWithPayment) to the "
                            "client; no API key is needed."_s } })
                                                                 : QJsonValue() },
        });
    }
    return QJsonObject {
        { u"name"_s, u"AgentLLM quickstart"_s },
        { u"models_url"_s, QString(inputs.baseUrl + QString::fromLatin1(ModelsCatalog::Path)) },
        { u"free_check_url"_s, ModelsCatalog::freeCheckUrl(inputs) },
        { u"mcp_url"_s, inputs.mcpUrl },
        { u"steps"_s, ModelsCatalog::steps(inputs) },
        { u"purchase_safety"_s, ModelsCatalog::purchaseSafety() },
        { u"tiers"_s, tiers },
    };
}

QByteArray AgentLlmGuide::skill(const AreaDocumentInputs &inputs)
{
    QString text = u"---\n"
                   "name: agentllm\n"
                   "description: Buy a fixed-price, OpenAI-compatible chat completion per call with x402 "
                   "(USDC); limits checked for free before paying; signed receipt.\n"
                   "---\n\n"
                   "# AgentLLM\n\n"_s;
    text += u"Models and prices: %1%2\n\n"_s.arg(inputs.baseUrl, QString::fromLatin1(ModelsCatalog::Path));
    text += u"## Steps\n\n"_s;
    for (const QJsonValue &step : ModelsCatalog::steps(inputs))
        text += step.toString() + u'\n';
    text += u"\n## Tiers\n\n| model | endpoint | price USDC | input bytes | messages | output tokens | MCP "
            u"tool |\n"
            "|---|---|---|---|---|---|---|\n"_s;
    for (const QJsonValue &value : ModelsCatalog::entries(inputs)) {
        const QJsonObject e = value.toObject();
        text += u"| `%1` | `POST %2` | %3 | %4 | %5 | %6 | %7 |\n"_s.arg(e.value(u"id"_s).toString(),
            e.value(u"endpoint"_s).toString(), e.value(u"price_usdc"_s).toString(),
            QString::number(e.value(u"max_input_bytes"_s).toInt()),
            QString::number(e.value(u"max_messages"_s).toInt()),
            QString::number(e.value(u"max_output_tokens"_s).toInt()),
            e.value(u"mcp_tool"_s).isString() ? u"`"_s + e.value(u"mcp_tool"_s).toString() + u'`' : u"—"_s);
    }
    text += u"\n## Request\n\n"
            "Only `model`, `messages` (roles `developer`, `system`, `user`, `assistant`; non-empty string "
            "`content`), `max_tokens` or `max_completion_tokens`, and `stream: false`. Input bytes are the "
            "UTF-8 "
            "bytes of all contents. Anything else is an uncharged 422 naming the field.\n\n"
            "## Purchase safety\n\n"_s;
    const QJsonObject notes = ModelsCatalog::purchaseSafety().value(u"notes"_s).toObject();
    for (auto it = notes.begin(); it != notes.end(); ++it)
        text += u"- `%1`: %2\n"_s.arg(it.key(), it.value().toString());
    return text.toUtf8();
}

} // namespace ades::agentllm
