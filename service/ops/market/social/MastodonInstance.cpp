#include "MastodonInstance.h"

#include <QHostAddress>
#include <QSet>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

// RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens, 253 characters at most.
bool isHostName(const QString &host)
{
    if (host.isEmpty() || host.size() > 253)
        return false;
    const QStringList labels = host.split(u'.');
    for (const QString &label : labels) {
        if (label.isEmpty() || label.size() > 63 || label.startsWith(u'-') || label.endsWith(u'-'))
            return false;
        for (const QChar c : label) {
            if (!(c.isDigit() || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || c == u'-'))
                return false;
        }
    }
    return true;
}

bool isLoopback(const QString &host)
{
    if (host.compare(u"localhost"_s, Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

std::optional<MastodonInstance> parse(const QString &entry, QString *problem)
{
    const QString text = entry.trimmed();
    const bool hasScheme = text.contains(u"://"_s);
    const QUrl url(hasScheme ? text : u"https://"_s + text, QUrl::StrictMode);
    if (text.isEmpty() || !url.isValid() || url.host().isEmpty()) {
        *problem = u"'%1' is not a host name"_s.arg(text);
        return std::nullopt;
    }
    if (url.scheme() != u"https"_s && url.scheme() != u"http"_s) {
        *problem = u"'%1': only https (or http on loopback) is accepted"_s.arg(text);
        return std::nullopt;
    }
    if (!url.userInfo().isEmpty() || (url.path() != u"/"_s && !url.path().isEmpty()) || url.hasQuery()
        || url.hasFragment()) {
        *problem = u"'%1': give the instance's host (and port), without a path"_s.arg(text);
        return std::nullopt;
    }
    const QString host = url.host();
    const bool address = !QHostAddress(host).isNull();
    if (!address && !isHostName(host)) {
        *problem = u"'%1' is not a host name"_s.arg(text);
        return std::nullopt;
    }
    if (url.scheme() == u"http"_s && !isLoopback(host)) {
        *problem = u"'%1': plain http is accepted for loopback hosts only"_s.arg(text);
        return std::nullopt;
    }
    MastodonInstance instance;
    instance.origin.setScheme(url.scheme());
    instance.origin.setHost(host.toLower());
    if (url.port() > 0)
        instance.origin.setPort(url.port());
    instance.label = url.port() > 0 ? u"%1:%2"_s.arg(host.toLower()).arg(url.port()) : host.toLower();
    return instance;
}

} // namespace

QString MastodonInstance::problem(const QString &entry)
{
    QString why;
    return parse(entry, &why) ? QString() : why;
}

QList<MastodonInstance> MastodonInstance::parseList(const QString &value)
{
    QList<MastodonInstance> instances;
    QSet<QString> seen;
    for (const QString &entry : value.split(u',', Qt::SkipEmptyParts)) {
        QString why;
        const std::optional<MastodonInstance> instance = parse(entry, &why);
        if (!instance || seen.contains(instance->label))
            continue;
        seen.insert(instance->label);
        instances.append(*instance);
    }
    return instances.mid(0, MaxInstances);
}

QString MastodonInstance::listProblem(const QString &value)
{
    const QStringList entries = value.split(u',', Qt::SkipEmptyParts);
    for (const QString &entry : entries) {
        if (const QString why = problem(entry); !why.isEmpty())
            return why;
    }
    // Each instance is one request per search: the list bounds what one paid call may cost upstream.
    if (entries.size() > MaxInstances)
        return u"at most %1 instances"_s.arg(MaxInstances);
    return {};
}

} // namespace ades::market
