#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace ades::test {

// A complete US import readiness input (2.2): a cotton T-shirt from Portugal sent as a gift, every risk
// answered "no"; it matches the recorded HTS export of heading 6109 and the recorded CPSC recall page.
QJsonObject usImportRequest();
// Every risk question the operation asks (ImportInput::riskMembers) answered `all`.
QJsonObject usImportRiskAnswers(const QString &all = QStringLiteral("no"));
// A recorded upstream answer under ../shared/data/upstreams/ (empty when missing).
QByteArray recordedUpstream(const QString &relative);

} // namespace ades::test
