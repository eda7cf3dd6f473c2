#pragma once

#include <QByteArray>
#include <QJsonValue>
#include <QString>
#include <vector>

class QJsonObject;

namespace ades::mcp {

// Writes JSON-RPC responses as the bytes that are sent, and keeps every reply within `maxBytes`
// (mcp/max_response_bytes; docs/mcp.md, Limits). A response that does not fit is replaced by -32603 naming
// the limit, with the request's id; a batch keeps its responses in request order and replaces those that
// would push the array over the maximum. Pure; `setting` is only named in the error.
class McpReplyWriter
{
public:
    // One response as it will be sent.
    struct Entry
    {
        int httpStatus = 200;
        QJsonValue id;
        QByteArray rawId;
        QByteArray text;
    };

    McpReplyWriter(qsizetype maxBytes, QString setting);

    // Compact JSON, members in JCS order; the id is written as `rawId` when that is not empty (a number
    // exactly as the client wrote it, McpMessage::rawId).
    static QByteArray serialise(const QJsonObject &response, const QByteArray &rawId);

    // The response serialised; when it alone is larger than the maximum, the -32603 error in its place.
    Entry entry(int httpStatus, const QJsonObject &response, const QByteArray &rawId) const;
    // The body of a one-message reply; never larger than the maximum (a reply whose error would still be
    // too large, because of a very long id, becomes the error with id null).
    Entry single(Entry entry) const;
    // The batch's JSON array, never larger than the maximum: each response in order while the ones after it
    // can still be answered at least by their error; when not even every error fits, one error with id null
    // instead of the array. `entries` holds no notification.
    QByteArray batch(const std::vector<Entry> &entries) const;

private:
    QByteArray tooLarge(const QJsonValue &id, const QByteArray &rawId) const;

    qsizetype m_maxBytes;
    QString m_setting;
};

} // namespace ades::mcp
