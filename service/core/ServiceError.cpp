#include "ServiceError.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades {

ServiceError::ServiceError(Kind kind, QString code, QString message)
    : m_kind(kind)
    , m_code(std::move(code))
    , m_message(std::move(message))
{ }

ServiceError ServiceError::badRequest(const QString &code, const QString &message, const QString &param)
{
    return ServiceError(Kind::BadRequest, code, message).setParam(param);
}

ServiceError ServiceError::unprocessable(const QString &code, const QString &message, const QString &param)
{
    return ServiceError(Kind::Unprocessable, code, message).setParam(param);
}

ServiceError ServiceError::sourceUnavailable(const QString &source, const QString &message)
{
    return ServiceError(Kind::Unavailable, u"source_unavailable"_s, message)
        .setRetryable(true)
        .setMissing({ source });
}

ServiceError ServiceError::internal(const QString &message)
{
    return ServiceError(Kind::Internal, u"internal_error"_s, message);
}

int ServiceError::httpStatus() const
{
    switch (m_kind) {
    case Kind::BadRequest:
        return 400;
    case Kind::Unauthorized:
        return 401;
    case Kind::PaymentRequired:
        return 402;
    case Kind::NotFound:
        return 404;
    case Kind::MethodNotAllowed:
        return 405;
    case Kind::RequestTimeout:
        return 408;
    case Kind::PayloadTooLarge:
        return 413;
    case Kind::Unprocessable:
        return 422;
    case Kind::TooManyRequests:
        return 429;
    case Kind::HeadersTooLarge:
        return 431;
    case Kind::Internal:
        return 500;
    case Kind::UnsupportedTransferCoding:
        return 501;
    case Kind::Unavailable:
        return 503;
    }
    return 500;
}

ServiceError &ServiceError::setMessage(const QString &message)
{
    m_message = message;
    return *this;
}

ServiceError &ServiceError::setParam(const QString &param)
{
    m_param = param;
    return *this;
}

ServiceError &ServiceError::setRetryable(bool retryable)
{
    m_retryable = retryable;
    return *this;
}

ServiceError &ServiceError::setMissing(const QStringList &sources)
{
    m_missing = sources;
    return *this;
}

ServiceError &ServiceError::setExtra(const QString &member, const QJsonValue &value)
{
    m_extra.insert(member, value);
    return *this;
}

QString ServiceError::typeName() const
{
    switch (m_kind) {
    case Kind::BadRequest:
    case Kind::Unprocessable:
    case Kind::PayloadTooLarge:
    case Kind::HeadersTooLarge:
    case Kind::NotFound:
    case Kind::MethodNotAllowed:
    case Kind::UnsupportedTransferCoding:
        return u"invalid_request_error"_s;
    case Kind::Unauthorized:
        return u"authentication_error"_s;
    case Kind::PaymentRequired:
        return u"payment_required"_s;
    case Kind::TooManyRequests:
        return u"rate_limit_error"_s;
    case Kind::RequestTimeout:
    case Kind::Unavailable:
        return u"service_unavailable"_s;
    case Kind::Internal:
        return u"server_error"_s;
    }
    return u"server_error"_s;
}

QJsonObject ServiceError::toJson() const
{
    QJsonObject error {
        { u"message"_s, m_message },
        { u"type"_s, typeName() },
        { u"param"_s, m_param.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_param) },
        { u"code"_s, m_code.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m_code) },
    };
    QJsonObject body {
        { u"error"_s, error },
        { u"error_code"_s, m_code },
        { u"message"_s, m_message },
        { u"charged"_s, false }, // docs/interface.md §7 rule 1: never charged
        { u"settled"_s, false },
        { u"retryable"_s, m_retryable },
        { u"status_code"_s, httpStatus() },
    };
    if (!m_missing.isEmpty())
        body.insert(u"missing"_s, QJsonArray::fromStringList(m_missing));
    for (auto it = m_extra.begin(); it != m_extra.end(); ++it)
        body.insert(it.key(), it.value());
    return body;
}

} // namespace ades
