#include "McpReplyWriter.h"

#include "McpError.h"
#include "core/CanonicalJson.h"

#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::mcp {

McpReplyWriter::McpReplyWriter(qsizetype maxBytes, QString setting)
    : m_maxBytes(maxBytes)
    , m_setting(std::move(setting))
{ }

QByteArray McpReplyWriter::serialise(const QJsonObject &response, const QByteArray &rawId)
{
    // Compact JSON either way; the JCS writer is a third faster than QJsonDocument on ~14 KB results.
    if (rawId.isEmpty())
        return CanonicalJson::serialise(response);
    // The canonical writer would write the id as a double; every other member is written by it, one by
    // one, in its order (the keys are the plain ASCII jsonrpc, id, result and error).
    QByteArray out = "{";
    for (auto it = response.constBegin(); it != response.constEnd(); ++it) {
        if (out.size() > 1)
            out += ',';
        out += CanonicalJson::serialise(QJsonValue(it.key()));
        out += ':';
        out += it.key() == u"id"_s ? rawId : CanonicalJson::serialise(it.value());
    }
    out += '}';
    return out;
}

QByteArray McpReplyWriter::tooLarge(const QJsonValue &id, const QByteArray &rawId) const
{
    return serialise(McpError::responseTooLarge(m_setting, m_maxBytes).toResponse(id), rawId);
}

McpReplyWriter::Entry McpReplyWriter::entry(
    int httpStatus, const QJsonObject &response, const QByteArray &rawId) const
{
    Entry written { httpStatus, response.value(u"id"_s), rawId, serialise(response, rawId) };
    if (written.text.size() > m_maxBytes) {
        written.httpStatus = McpError::responseTooLarge(m_setting, m_maxBytes).httpStatus();
        written.text = tooLarge(written.id, rawId);
    }
    return written;
}

McpReplyWriter::Entry McpReplyWriter::single(Entry entry) const
{
    if (entry.text.size() > m_maxBytes) {
        entry.id = QJsonValue(QJsonValue::Null);
        entry.rawId.clear();
        entry.text = tooLarge(entry.id, entry.rawId);
    }
    return entry;
}

QByteArray McpReplyWriter::batch(const std::vector<Entry> &entries) const
{
    // What each entry needs at least: its response or its error, whichever is shorter. Room for the rest
    // is kept while going through them in order, so a large early response cannot leave a later request
    // without an answer.
    std::vector<QByteArray> errors;
    errors.reserve(entries.size());
    qsizetype reserved = 0;
    for (const Entry &entry : entries) {
        errors.push_back(tooLarge(entry.id, entry.rawId));
        reserved += qMin(entry.text.size(), errors.back().size());
    }
    qsizetype used = 2 + qsizetype(entries.size()) - 1; // [ ] and the commas
    if (used + reserved > m_maxBytes)
        return tooLarge(QJsonValue(QJsonValue::Null), QByteArray());

    QByteArray out;
    out += '[';
    for (size_t i = 0; i < entries.size(); ++i) {
        const QByteArray &text = entries[i].text;
        reserved -= qMin(text.size(), errors[i].size());
        const QByteArray &chosen = used + text.size() + reserved <= m_maxBytes ? text : errors[i];
        if (i > 0)
            out += ',';
        out += chosen;
        used += chosen.size();
    }
    out += ']';
    return out;
}

} // namespace ades::mcp
