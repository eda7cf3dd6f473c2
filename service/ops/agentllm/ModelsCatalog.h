#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace ades {
struct AreaDocumentInputs;
}

namespace ades::agentllm {

// GET /api/v1/models (SPEC §2.4, §4.2): one product entry per tier with every field of §2.4, and the
// top-level name, purpose, steps and purchase_safety. Generated from the catalog — each entry's path,
// price and MCP tool are the ones its operation's exposures declare — so it cannot disagree with what is
// sold. Also the source of the quickstart and the skill file (AgentLlmGuide).
namespace ModelsCatalog {

inline constexpr const char *Path = "/api/v1/models";
// The free check's operation, whose free exposure the documents name.
inline const QString CheckOperationId = QStringLiteral("agentllm.check");

QJsonObject document(const AreaDocumentInputs &inputs);
// The product entries alone, in tier order.
QJsonArray entries(const AreaDocumentInputs &inputs);
// The four purchase-safety flags, all true (SPEC §2.4), with what each means.
QJsonObject purchaseSafety();
QJsonArray steps(const AreaDocumentInputs &inputs);
QString freeCheckUrl(const AreaDocumentInputs &inputs);

} // namespace ModelsCatalog

} // namespace ades::agentllm
