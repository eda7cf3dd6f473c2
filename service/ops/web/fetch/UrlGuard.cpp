#include "UrlGuard.h"

#include "Ipv4Spelling.h"
#include "upstream/AddressPolicy.h"

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

const QString UrlParam = u"url"_s;

ServiceError refuse(const QString &reason, const QString &message)
{
    return ServiceError::badRequest(u"url_"_s + reason, message, UrlParam);
}

ServiceError refuseAddress(const AddressRefusal &refusal, const QString &what)
{
    return refuse(refusal.code,
        u"%1 is in %2; the web reader only fetches public addresses"_s.arg(what, refusal.range));
}

// Names that never lead to the public web: special-use names (RFC 6761, 6762, 8375, 9476) and the suffixes
// networks use internally by convention. Resolving them could only find an internal host.
bool isSpecialUseName(const QString &host)
{
    static const QStringList Exact = { u"localhost"_s, u"localhost.localdomain"_s, u"ip6-localhost"_s,
        u"ip6-loopback"_s, u"broadcasthost"_s };
    static const QStringList Suffixes = { u"localhost"_s, u"local"_s, u"localdomain"_s, u"internal"_s,
        u"intranet"_s, u"lan"_s, u"home"_s, u"corp"_s, u"private"_s, u"home.arpa"_s, u"arpa"_s, u"test"_s,
        u"invalid"_s, u"example"_s, u"onion"_s, u"alt"_s };
    if (Exact.contains(host))
        return true;
    for (const QString &suffix : Suffixes) {
        if (host == suffix || host.endsWith(u'.' + suffix))
            return true;
    }
    return false;
}

bool isHostnameLabel(QStringView label)
{
    if (label.isEmpty() || label.size() > 63 || label.startsWith(u'-') || label.endsWith(u'-'))
        return false;
    for (const QChar c : label) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'-' || c == u'_';
        if (!ok)
            return false;
    }
    return true;
}

// The authority as written ("user@host:port"), before any parser had a chance to reinterpret it.
QStringView rawAuthority(QStringView url)
{
    const qsizetype start = url.indexOf(u"://");
    if (start < 0)
        return {};
    QStringView rest = url.mid(start + 3);
    qsizetype end = rest.size();
    for (const QChar stop : { u'/', u'?', u'#' }) {
        const qsizetype at = rest.indexOf(stop);
        if (at >= 0 && at < end)
            end = at;
    }
    return rest.left(end);
}

} // namespace

UrlGuard::UrlGuard(const FetchOptions &options)
    : m_ports(options.extraPorts)
    , m_loopbackForTests(options.loopbackForTests)
{
    m_ports.append(443);
}

Result<GuardedUrl> UrlGuard::check(const QString &url) const
{
    if (url.size() > MaxUrlLength)
        return refuse(u"too_long"_s, u"the URL is longer than %1 characters"_s.arg(MaxUrlLength));
    for (const QChar c : url) {
        // Spaces, controls and backslashes are where parsers disagree (WHATWG strips tabs and newlines and
        // reads "\" as "/"); a URL that needs them is refused rather than guessed.
        if (c.unicode() <= 0x20 || c.unicode() == 0x7f || c == u'\\' || c.isSpace()
            || c.category() == QChar::Other_Format)
            return refuse(
                u"invalid"_s, u"the URL contains white space, a control character or a backslash"_s);
    }
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.isRelative())
        return refuse(u"invalid"_s, u"not an absolute URL: %1"_s.arg(parsed.errorString()));
    if (parsed.scheme().compare(u"https"_s, Qt::CaseInsensitive) != 0) {
        return refuse(u"not_https"_s,
            u"only https URLs are fetched (scheme \"%1\" refused)"_s.arg(parsed.scheme().left(20)));
    }
    const QStringView authority = rawAuthority(url);
    if (authority.contains(u'@') || !parsed.userInfo().isEmpty())
        return refuse(u"userinfo"_s, u"user info (\"name@\" before the host) is not accepted in a URL"_s);
    if (authority.endsWith(u':'))
        return refuse(u"port"_s, u"an empty port is not accepted"_s);
    const int port = parsed.port(443);
    if (port < 1 || !m_ports.contains(quint16(port)))
        return refuse(u"port"_s, u"port %1 is not fetched (443 and configured ports only)"_s.arg(port));

    // QUrl rewrites some numeric hosts to dotted quads itself; the spelling the client sent is judged too.
    QStringView rawHost = authority;
    if (!rawHost.startsWith(u'[') && rawHost.contains(u':'))
        rawHost = rawHost.first(rawHost.lastIndexOf(u':'));
    const Ipv4Spelling::Reading written = Ipv4Spelling::read(rawHost.toString().toLower());
    if (written.kind == Ipv4Spelling::Kind::Address && !written.canonical) {
        const QString address = QHostAddress(written.address).toString();
        if (const auto refusal = AddressPolicy::refusalV4(written.address, m_loopbackForTests))
            return refuseAddress(*refusal, u"The host \"%1\" (read as %2)"_s.arg(rawHost.left(60), address));
        return refuse(u"ip_spelling"_s,
            u"the host \"%1\" is IPv4 %2 in a decimal, octal, hex or short spelling; write it as %2"_s.arg(
                rawHost.left(60), address));
    }

    GuardedUrl start;
    start.port = quint16(port);
    auto checked = checkHost(start, parsed.host(QUrl::FullyEncoded));
    if (!checked.ok())
        return checked;
    GuardedUrl guarded = checked.value();
    QUrl normal = parsed;
    normal.setScheme(u"https"_s);
    normal.setFragment(QString());
    normal.setHost(guarded.host);
    if (port == 443)
        normal.setPort(-1);
    guarded.url = normal;
    guarded.requestTarget = normal.path(QUrl::FullyEncoded).toLatin1();
    if (guarded.requestTarget.isEmpty())
        guarded.requestTarget = "/";
    if (normal.hasQuery())
        guarded.requestTarget += '?' + normal.query(QUrl::FullyEncoded).toLatin1();
    const QByteArray hostText = guarded.literal && guarded.host.contains(u':')
        ? '[' + guarded.host.toLatin1() + ']'
        : guarded.host.toLatin1();
    guarded.hostHeader = port == 443 ? hostText : hostText + ':' + QByteArray::number(port);
    return guarded;
}

Result<GuardedUrl> UrlGuard::checkHost(GuardedUrl guarded, const QString &rawHost) const
{
    // QUrl gives the host lower-cased and, for an internationalised name, in its IDNA (punycode) form after
    // UTS #46 mapping: fullwidth digits and dots are plain ASCII by now, so every check below sees the name
    // the resolver would see.
    QString host = rawHost.toLower();
    if (host.isEmpty())
        return refuse(u"invalid"_s, u"the URL has no host"_s);
    for (const QChar c : host) {
        if (c.unicode() >= 0x80)
            return refuse(u"invalid"_s, u"the host is not a valid internationalised domain name"_s);
    }
    if (host.startsWith(u'[') || host.contains(u':')) {
        const QHostAddress address(host.startsWith(u'[') ? host.mid(1, host.size() - 2) : host);
        if (address.isNull() || address.protocol() != QAbstractSocket::IPv6Protocol)
            return refuse(u"invalid"_s, u"the host is not a valid IPv6 address"_s);
        if (const auto refusal = AddressPolicy::refusal(address, m_loopbackForTests))
            return refuseAddress(*refusal, u"The address %1"_s.arg(address.toString()));
        guarded.host = address.toString();
        guarded.literal = address;
        return guarded;
    }
    if (host.endsWith(u'.'))
        host.chop(1); // the absolute form of the same name
    if (host.isEmpty() || host.endsWith(u'.') || host.startsWith(u'.') || host.contains(u".."))
        return refuse(u"invalid"_s, u"the host has an empty label"_s);

    const Ipv4Spelling::Reading ipv4 = Ipv4Spelling::read(host);
    if (ipv4.kind == Ipv4Spelling::Kind::Invalid)
        return refuse(u"invalid"_s, u"the host ends in a number but is not an IPv4 address"_s);
    if (ipv4.kind == Ipv4Spelling::Kind::Address) {
        const QHostAddress address(ipv4.address);
        if (const auto refusal = AddressPolicy::refusalV4(ipv4.address, m_loopbackForTests)) {
            return refuseAddress(*refusal,
                ipv4.canonical ? u"The address %1"_s.arg(address.toString())
                               : u"The host \"%1\" (read as %2)"_s.arg(host.left(60), address.toString()));
        }
        if (!ipv4.canonical) {
            return refuse(u"ip_spelling"_s,
                u"the host \"%1\" is IPv4 %2 in a decimal, octal, hex or short spelling; write it as %2"_s
                    .arg(host.left(60), address.toString()));
        }
        guarded.host = address.toString();
        guarded.literal = address;
        return guarded;
    }

    if (host.size() > 253)
        return refuse(u"invalid"_s, u"the host name is longer than 253 characters"_s);
    const QStringList labels = host.split(u'.');
    for (const QString &label : labels) {
        if (!isHostnameLabel(label))
            return refuse(u"invalid"_s, u"\"%1\" is not a valid host name"_s.arg(host.left(60)));
        if (label.startsWith(u"xn--") && QUrl::fromAce(label.toLatin1(), QUrl::IgnoreIDNWhitelist) == label)
            return refuse(u"invalid"_s, u"\"%1\" is not valid punycode"_s.arg(label.left(63)));
    }
    if (labels.size() < 2) {
        return refuse(u"internal_name"_s,
            u"\"%1\" is a single-label name, which only the local network's search domains resolve"_s.arg(
                host.left(63)));
    }
    if (isSpecialUseName(host)) {
        return refuse(u"internal_name"_s,
            u"\"%1\" is a special-use or internal name, never a public web site"_s.arg(host.left(60)));
    }
    guarded.host = host;
    return guarded;
}

Result<QList<QHostAddress>> UrlGuard::checkResolved(
    const GuardedUrl &url, const QList<QHostAddress> &addresses) const
{
    if (addresses.isEmpty())
        return refuse(u"unresolvable"_s, u"the host \"%1\" has no address"_s.arg(url.host));
    for (const QHostAddress &address : addresses) {
        if (const auto refusal = AddressPolicy::refusal(address, m_loopbackForTests)) {
            return refuseAddress(
                *refusal, u"The host \"%1\" resolves to %2, which"_s.arg(url.host, address.toString()));
        }
    }
    return addresses;
}

} // namespace ades::web
