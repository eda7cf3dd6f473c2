#include "UpstreamProblem.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString clean(const QString &text)
{
    QString out;
    bool space = false;
    for (const QChar c : text) {
        if (c.isSpace() || c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() < 0xa0)) {
            space = !out.isEmpty();
            continue;
        }
        if (space)
            out += u' ';
        space = false;
        out += c;
        if (out.size() >= UpstreamProblem::MaxDetail) {
            out += u'…';
            break;
        }
    }
    return out;
}

} // namespace

QString UpstreamProblem::errorName(const QByteArray &body)
{
    const QJsonValue error = QJsonDocument::fromJson(body).object().value(u"error"_s);
    return error.isString() ? clean(error.toString()) : QString();
}

QString UpstreamProblem::describe(int httpStatus, const QByteArray &body)
{
    QString detail;
    const QJsonDocument json = QJsonDocument::fromJson(body);
    if (json.isObject()) {
        const QJsonObject object = json.object();
        const QString name = object.value(u"error"_s).toString();
        const QString message = object.value(u"message"_s).toString();
        detail = clean(name.isEmpty() || message.isEmpty() ? QString(name + message)
                                                           : QString(name + u": "_s + message));
    } else if (!body.trimmed().startsWith('<')) {
        // Plain text (the AppView's "Forbidden"); an HTML error page says nothing the status does not.
        detail = clean(QString::fromUtf8(body.left(4 * MaxDetail)));
    }
    const QString status = u"HTTP %1"_s.arg(httpStatus);
    return detail.isEmpty() ? status : status + u": "_s + detail;
}

} // namespace ades::market
