#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace ades {

// One error value for every layer. The kind decides the HTTP status; the rest becomes the optional error
// members of docs/interface.md §7 on every channel (HTTP body, MCP tool result, CLI output).
class ServiceError
{
public:
    enum class Kind
    {
        BadRequest, // 400: unusable input (not JSON, wrong shape)
        Unauthorized, // 401: missing or invalid API key
        PaymentRequired, // 402: free tier used up, or x402 payment needed
        NotFound, // 404
        MethodNotAllowed, // 405
        RequestTimeout, // 408
        PayloadTooLarge, // 413
        Unprocessable, // 422: schema validation failed
        TooManyRequests, // 429: quota
        HeadersTooLarge, // 431
        Internal, // 500
        UnsupportedTransferCoding, // 501: RFC 9112 §6.1, a transfer coding other than chunked
        Unavailable, // 503: a source or the service is not available
    };

    ServiceError() = default;
    ServiceError(Kind kind, QString code, QString message);

    static ServiceError badRequest(const QString &code, const QString &message, const QString &param = {});
    static ServiceError unprocessable(const QString &code, const QString &message, const QString &param = {});
    // A source the operation needs is missing: uncharged, retryable, names the source (docs/interface.md §7).
    static ServiceError sourceUnavailable(const QString &source, const QString &message);
    static ServiceError internal(const QString &message);

    Kind kind() const { return m_kind; }
    int httpStatus() const;
    QString code() const { return m_code; }
    QString message() const { return m_message; }
    QString param() const { return m_param; }
    bool isRetryable() const { return m_retryable; }
    QStringList missing() const { return m_missing; }

    ServiceError &setParam(const QString &param);
    ServiceError &setMessage(const QString &message);
    ServiceError &setRetryable(bool retryable);
    ServiceError &setMissing(const QStringList &sources);
    // Further docs/interface.md §7 members (did_you_mean, accepted, unknown, tool, partial_evidence ...).
    ServiceError &setExtra(const QString &member, const QJsonValue &value);

    // The docs/interface.md §7 members: error{message,type,param,code}, error_code, message, charged,
    // settled, retryable, status_code, missing and any extras.
    QJsonObject toJson() const;

    // OpenAI-style error type name for `error.type`.
    QString typeName() const;

private:
    Kind m_kind = Kind::Internal;
    QString m_code;
    QString m_message;
    QString m_param;
    bool m_retryable = false;
    QStringList m_missing;
    QJsonObject m_extra;
};

} // namespace ades
