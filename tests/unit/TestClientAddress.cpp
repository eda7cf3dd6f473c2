#include "http/ClientAddress.h"
#include "http/HttpExchange.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestClientAddress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void of_data();
    void of();
    void joinsRepeatedHeaders();
    void trustedProxies_data();
    void trustedProxies();
    void rejectsUnusableTrustedEntries();
    void quotaKey_data();
    void quotaKey();
};

void TestClientAddress::of_data()
{
    QTest::addColumn<QString>("trusted");
    QTest::addColumn<QString>("peer");
    QTest::addColumn<QByteArray>("forwardedFor");
    QTest::addColumn<QString>("expected");

    // Nobody trusted: the header is the client's word and never counts.
    QTest::newRow("no-proxies-ignore-header")
        << QString() << u"203.0.113.7"_s << QByteArray("198.51.100.1") << u"203.0.113.7"_s;
    QTest::newRow("untrusted-peer-ignores-header")
        << u"10.0.0.0/8"_s << u"203.0.113.7"_s << QByteArray("198.51.100.1") << u"203.0.113.7"_s;
    QTest::newRow("trusted-single-address")
        << u"10.0.0.1"_s << u"10.0.0.1"_s << QByteArray("198.51.100.1") << u"198.51.100.1"_s;
    QTest::newRow("trusted-cidr") << u"10.0.0.0/8"_s << u"10.1.2.3"_s << QByteArray("198.51.100.1")
                                  << u"198.51.100.1"_s;
    QTest::newRow("no-header") << u"10.0.0.0/8"_s << u"10.1.2.3"_s << QByteArray() << u"10.1.2.3"_s;
    QTest::newRow("blank-header") << u"10.0.0.0/8"_s << u"10.1.2.3"_s << QByteArray("  ") << u"10.1.2.3"_s;
    // The client wrote "1.2.3.4" itself; our proxy appended the address it really saw.
    QTest::newRow("spoofed-left-entry")
        << u"10.0.0.0/8"_s << u"10.1.2.3"_s << QByteArray("1.2.3.4, 198.51.100.1") << u"198.51.100.1"_s;
    QTest::newRow("spoofed-trusted-looking-entry")
        << u"10.0.0.0/8"_s << u"10.1.2.3"_s << QByteArray("10.9.9.9, 198.51.100.1") << u"198.51.100.1"_s;
    QTest::newRow("two-proxies") << u"10.0.0.0/8"_s << u"10.0.0.2"_s
                                 << QByteArray("1.2.3.4, 198.51.100.1, 10.0.0.1") << u"198.51.100.1"_s;
    QTest::newRow("client-inside-proxy-network")
        << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("10.0.0.5, 10.0.0.1") << u"10.0.0.5"_s;
    QTest::newRow("garbage-on-trusted-part")
        << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("198.51.100.1, garbage") << u"10.0.0.2"_s;
    QTest::newRow("garbage-left-of-client-ignored")
        << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("garbage, 198.51.100.1") << u"198.51.100.1"_s;
    QTest::newRow("unknown") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("unknown") << u"10.0.0.2"_s;
    QTest::newRow("host-name") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("proxy.example.com")
                               << u"10.0.0.2"_s;
    QTest::newRow("ipv4-shorthand") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("127.1")
                                    << u"10.0.0.2"_s;
    QTest::newRow("empty-entry") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("198.51.100.1,,")
                                 << u"10.0.0.2"_s;
    QTest::newRow("ipv4-with-port") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("198.51.100.1:4711")
                                    << u"198.51.100.1"_s;
    QTest::newRow("ipv6") << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("2a00:1450:4001::1")
                          << u"2a00:1450:4001::1"_s;
    QTest::newRow("ipv6-bracketed-with-port")
        << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("[2a00:1450:4001::1]:443")
        << u"2a00:1450:4001::1"_s;
    QTest::newRow("ipv6-unclosed-bracket")
        << u"10.0.0.0/8"_s << u"10.0.0.2"_s << QByteArray("[2a00:1450:4001::1") << u"10.0.0.2"_s;
    QTest::newRow("ipv6-proxy-range")
        << u"2001:db8::/32"_s << u"2001:db8::5"_s << QByteArray("2a00:1450:4001::1, 2001:db8:ffff::1")
        << u"2a00:1450:4001::1"_s;
    // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; they match IPv4 ranges.
    QTest::newRow("mapped-peer") << u"127.0.0.1"_s << u"::ffff:127.0.0.1"_s << QByteArray("198.51.100.1")
                                 << u"198.51.100.1"_s;
    QTest::newRow("mapped-untrusted-peer")
        << u"127.0.0.1"_s << u"::ffff:203.0.113.7"_s << QByteArray("198.51.100.1") << u"203.0.113.7"_s;
    QTest::newRow("mapped-entry") << u"127.0.0.1"_s << u"127.0.0.1"_s << QByteArray("::ffff:198.51.100.1")
                                  << u"198.51.100.1"_s;
}

void TestClientAddress::of()
{
    QFETCH(QString, trusted);
    QFETCH(QString, peer);
    QFETCH(QByteArray, forwardedFor);
    QFETCH(QString, expected);
    const ClientAddress address(trusted);
    QCOMPARE(address.of(QHostAddress(peer), forwardedFor), QHostAddress(expected));
}

void TestClientAddress::joinsRepeatedHeaders()
{
    // Two X-Forwarded-For headers are one list in order (RFC 9110 §5.3): the last one's end is the proxy's.
    HttpRequestData request;
    request.remoteAddress = QHostAddress(u"10.0.0.2"_s);
    request.headers = { { "X-Forwarded-For", "1.2.3.4" }, { "x-forwarded-for", "198.51.100.1" } };
    QCOMPARE(ClientAddress(u"10.0.0.0/8"_s).of(request), QHostAddress(u"198.51.100.1"_s));
    QCOMPARE(ClientAddress().of(request), QHostAddress(u"10.0.0.2"_s));
}

void TestClientAddress::trustedProxies_data()
{
    QTest::addColumn<QString>("trusted");
    QTest::addColumn<QString>("address");
    QTest::addColumn<bool>("isTrusted");

    QTest::newRow("empty") << QString() << u"127.0.0.1"_s << false;
    QTest::newRow("exact") << u"192.0.2.10"_s << u"192.0.2.10"_s << true;
    QTest::newRow("exact-other") << u"192.0.2.10"_s << u"192.0.2.11"_s << false;
    QTest::newRow("cidr-inside") << u"192.0.2.0/24"_s << u"192.0.2.200"_s << true;
    QTest::newRow("cidr-outside") << u"192.0.2.0/24"_s << u"192.0.3.1"_s << false;
    QTest::newRow("list-with-spaces") << u" 192.0.2.10 , 10.0.0.0/8 ,"_s << u"10.200.0.1"_s << true;
    QTest::newRow("ipv6-exact") << u"2001:db8::1"_s << u"2001:db8::1"_s << true;
    QTest::newRow("ipv6-cidr") << u"2001:db8::/48"_s << u"2001:db8:0:ffff::1"_s << true;
    QTest::newRow("ipv6-cidr-outside") << u"2001:db8::/48"_s << u"2001:db8:1::1"_s << false;
    QTest::newRow("ipv4-range-not-ipv6") << u"0.0.0.0/0"_s << u"2001:db8::1"_s << false;
    QTest::newRow("mapped-range") << u"::ffff:192.0.2.0/120"_s << u"192.0.2.5"_s << true;
}

void TestClientAddress::trustedProxies()
{
    QFETCH(QString, trusted);
    QFETCH(QString, address);
    QFETCH(bool, isTrusted);
    QCOMPARE(ClientAddress(trusted).isTrustedProxy(QHostAddress(address)), isTrusted);
}

void TestClientAddress::rejectsUnusableTrustedEntries()
{
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"10.0.0.0/33"_s));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"proxy.local"_s));
    const ClientAddress address(u"10.0.0.0/33, proxy.local, 192.0.2.1"_s);
    QCOMPARE(address.rejectedEntries(), (QStringList { u"10.0.0.0/33"_s, u"proxy.local"_s }));
    QVERIFY(address.isTrustedProxy(QHostAddress(u"192.0.2.1"_s)));
    QVERIFY(!address.isTrustedProxy(QHostAddress(u"10.0.0.1"_s)));
}

void TestClientAddress::quotaKey_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("key");

    QTest::newRow("ipv4") << u"198.51.100.1"_s << u"198.51.100.1"_s;
    QTest::newRow("ipv6-slash-64") << u"2001:db8:1:2:3:4:5:6"_s << u"2001:db8:1:2::/64"_s;
    QTest::newRow("ipv6-same-64") << u"2001:db8:1:2:ffff::9"_s << u"2001:db8:1:2::/64"_s;
    QTest::newRow("mapped") << u"::ffff:198.51.100.1"_s << u"198.51.100.1"_s;
    QTest::newRow("null") << QString() << QString();
}

void TestClientAddress::quotaKey()
{
    QFETCH(QString, address);
    QFETCH(QString, key);
    QCOMPARE(ClientAddress::quotaKey(QHostAddress(address)), key);
}

QTEST_APPLESS_MAIN(TestClientAddress)

#include "TestClientAddress.moc"
