#pragma once

#include <QJsonObject>
#include <QString>

class QDateTime;

namespace ades::disclosure {

struct DisclosureFacts;

// The AI-disclosure record (contract ai-disclosure-record/1, docs/ai-disclosure.md): the content's SHA-256
// and declared origin, the Article 50 assessment with reasons and exceptions, the dates of application, the
// disclosure texts in German and English and the machine-readable marking methods for its kind. The receipt
// is added by the channel that delivers it. The content itself is never part of the record.
class DisclosureRecord
{
public:
    static const QString Contract;
    static const QString PolicyVersion;
    // `trial`: delivered on the free channel (POST /free/ai-disclosure, MCP ai_disclosure_trial).
    static QJsonObject build(const DisclosureFacts &facts, const QDateTime &now, bool trial);
    // What the receipt attests: "ai-disclosure sha256:<hex>".
    static QString subject(const DisclosureFacts &facts);
};

} // namespace ades::disclosure
