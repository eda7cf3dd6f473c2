#pragma once

#include "McpProtocol.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace ades::mcp {

// A JSON-RPC error answer with the HTTP status it travels with. The status depends on the era: legacy sends
// method and params errors with 200, modern sends unknown methods with 404 and envelope and header
// failures with 400 (docs/mcp.md, Errors).
class McpError
{
public:
    McpError(int code, QString message, int httpStatus, QJsonObject data = {});

    static McpError parseError(const QString &detail);
    static McpError invalidRequest(const QString &message);
    static McpError methodNotFound(const QString &method, Era era);
    static McpError invalidParams(const QString &message);
    static McpError internalError(const QString &message);
    // Modern envelope: required params._meta keys absent (HTTP 400, data.envelope.missing).
    static McpError missingEnvelope(const QStringList &missing);
    static McpError unsupportedVersion(const QString &requested);
    // `header` is the header value received ("(missing)" when absent); `detail` says what disagrees.
    static McpError headerMismatch(const QString &header, const QString &detail);
    static McpError transport(int httpStatus, const QString &message);
    // Limits (docs/mcp.md, Limits); `setting` names the setting that sets `maximum`. A batch refused whole
    // is -32600 with HTTP 400; a response too large for the reply is -32603 with HTTP 200.
    static McpError batchTooLong(const QString &setting, qsizetype maximum);
    static McpError tooManyToolCalls(const QString &setting, qsizetype maximum, qsizetype count);
    static McpError responseTooLarge(const QString &setting, qsizetype maximum);

    int code() const { return m_code; }
    QString message() const { return m_message; }
    int httpStatus() const { return m_httpStatus; }
    QJsonObject data() const { return m_data; }

    // {"jsonrpc":"2.0","id":id,"error":{code,message,data?}}; id null when it could not be read.
    QJsonObject toResponse(const QJsonValue &id) const;

private:
    int m_code;
    QString m_message;
    int m_httpStatus;
    QJsonObject m_data;
};

} // namespace ades::mcp
