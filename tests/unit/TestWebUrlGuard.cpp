// The web reader's SSRF guard (docs/web-reader.md, "Fetching safely"): the probe list of hostile URLs in
// tests/data/web/ssrf-probes.txt, each refused before any connection with an uncharged 400 that names its
// reason and the param `url`; the address policy range by range; the IPv4 spellings; and public URLs that
// must still pass, so a guard that refused everything would fail here too.

#include "TestHostResolver.h"
#include "core/Settings.h"
#include "ops/web/fetch/Ipv4Spelling.h"
#include "ops/web/fetch/SafeFetch.h"
#include "ops/web/fetch/UrlGuard.h"
#include "ops/web/fetch/WebFetchSettings.h"
#include "upstream/AddressPolicy.h"

#include <QEventLoop>
#include <QFile>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace ades;
using namespace ades::web;

namespace {

QStringList probes()
{
    QFile file(QStringLiteral(ADES_SOURCE_DIR "/tests/data/web/ssrf-probes.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList urls;
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        urls.append(QString::fromUtf8(line));
    }
    return urls;
}

std::shared_ptr<test::TestHostResolver> probeResolver()
{
    auto resolver = std::make_shared<test::TestHostResolver>();
    const auto a = [](const char *text) { return QHostAddress(QString::fromLatin1(text)); };
    resolver->answer(u"rebind-internal.example.com"_s, { { a("10.0.0.1") } });
    resolver->answer(u"metadata-alias.example.net"_s, { { a("169.254.169.254") } });
    resolver->answer(u"v6-loopback.example.net"_s, { { a("::1") } });
    resolver->answer(u"mixed.example.net"_s, { { a("93.184.215.14"), a("127.0.0.1") } });
    resolver->answer(u"mapped.example.net"_s, { { a("::ffff:127.0.0.1") } });
    resolver->answer(u"nat64.example.net"_s, { { a("64:ff9b::a00:1") } });
    resolver->answer(u"ula.example.net"_s, { { a("fd00::1") } });
    resolver->answer(u"cgnat.example.net"_s, { { a("100.64.0.1") } });
    resolver->answer(u"sixtofour.example.net"_s, { { a("2002:a00:1::1") } });
    resolver->answer(u"127.0.0.1.nip.example.net"_s, { { a("127.0.0.1") } });
    return resolver;
}

Result<FetchedPage> fetch(const QString &url, const FetchOptions &options)
{
    std::optional<Result<FetchedPage>> outcome;
    QEventLoop loop;
    SafeFetch::start(url, options, [&](Result<FetchedPage> result) {
        outcome.emplace(std::move(result));
        loop.quit();
    });
    if (!outcome) {
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        loop.exec();
    }
    if (!outcome)
        return ServiceError::internal(u"no outcome within 20 s"_s);
    return *outcome;
}

} // namespace

class TestWebUrlGuard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void probeListIsLongEnough()
    {
        QVERIFY2(probes().size() >= 60, "tests/data/web/ssrf-probes.txt holds fewer than 60 URLs");
    }

    void everyProbeIsRefusedWithAnUnchargedNamedBadRequest_data()
    {
        QTest::addColumn<QString>("url");
        for (const QString &url : probes())
            QTest::newRow(url.toUtf8().constData()) << url;
    }

    void everyProbeIsRefusedWithAnUnchargedNamedBadRequest()
    {
        QFETCH(QString, url);
        FetchOptions options; // production options: no loopback escape hatch, no extra ports
        auto resolver = probeResolver();
        options.resolver = resolver;
        options.timeoutMs = 5000;
        const Result<FetchedPage> result = fetch(url, options);
        QVERIFY2(!result.ok(), "a hostile URL was fetched");
        const ServiceError &error = result.error();
        QCOMPARE(error.httpStatus(), 400);
        QCOMPARE(error.param(), u"url"_s);
        QVERIFY2(error.code().startsWith(u"url_"_s), qPrintable(error.code()));
        QVERIFY2(error.code() != u"url_"_s && !error.message().isEmpty(), qPrintable(error.message()));
        const QJsonObject json = error.toJson();
        QCOMPARE(json.value(u"charged"_s).toBool(true), false);
    }

    void reasonsNameTheRange_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("code");
        QTest::newRow("http") << u"http://example.com/"_s << u"url_not_https"_s;
        QTest::newRow("loopback") << u"https://127.0.0.1/"_s << u"url_loopback"_s;
        QTest::newRow("decimal") << u"https://2130706433/"_s << u"url_loopback"_s;
        QTest::newRow("hex short") << u"https://0x7f.1/"_s << u"url_loopback"_s;
        QTest::newRow("octal") << u"https://017700000001/"_s << u"url_loopback"_s;
        QTest::newRow("short") << u"https://127.1/"_s << u"url_loopback"_s;
        QTest::newRow("metadata octal") << u"https://0251.0376.0251.0376/"_s << u"url_link_local"_s;
        QTest::newRow("private") << u"https://192.168.1.1/"_s << u"url_private"_s;
        QTest::newRow("cgnat") << u"https://100.64.0.1/"_s << u"url_cgnat"_s;
        QTest::newRow("multicast") << u"https://224.0.0.1/"_s << u"url_multicast"_s;
        QTest::newRow("broadcast") << u"https://255.255.255.255/"_s << u"url_broadcast"_s;
        QTest::newRow("this network") << u"https://0/"_s << u"url_this_network"_s;
        QTest::newRow("v6 loopback") << u"https://[::1]/"_s << u"url_loopback"_s;
        QTest::newRow("mapped") << u"https://[::ffff:7f00:1]/"_s << u"url_ipv4_mapped"_s;
        QTest::newRow("compatible") << u"https://[::127.0.0.1]/"_s << u"url_ipv4_compatible"_s;
        QTest::newRow("nat64") << u"https://[64:ff9b::10.0.0.1]/"_s << u"url_nat64_internal"_s;
        QTest::newRow("6to4") << u"https://[2002:7f00:1::]/"_s << u"url_6to4_internal"_s;
        QTest::newRow("teredo") << u"https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/"_s
                                << u"url_teredo_internal"_s;
        QTest::newRow("ula") << u"https://[fd12::1]/"_s << u"url_unique_local"_s;
        QTest::newRow("link-local v6") << u"https://[fe80::1]/"_s << u"url_link_local"_s;
        QTest::newRow("userinfo") << u"https://example.com@127.0.0.1/"_s << u"url_userinfo"_s;
        QTest::newRow("port") << u"https://example.com:8080/"_s << u"url_port"_s;
        QTest::newRow("localhost") << u"https://LOCALHOST./"_s << u"url_internal_name"_s;
        QTest::newRow("single label") << u"https://intranet/"_s << u"url_internal_name"_s;
        QTest::newRow("trailing dot") << u"https://127.0.0.1./"_s << u"url_loopback"_s;
        QTest::newRow("public odd spelling") << u"https://0x08080808/"_s << u"url_ip_spelling"_s;
        QTest::newRow("resolves private") << u"https://rebind-internal.example.com/"_s << u"url_private"_s;
        QTest::newRow("resolves metadata") << u"https://metadata-alias.example.net/"_s << u"url_link_local"_s;
        QTest::newRow("one answer internal") << u"https://mixed.example.net/"_s << u"url_loopback"_s;
        QTest::newRow("resolves mapped") << u"https://mapped.example.net/"_s << u"url_ipv4_mapped"_s;
        QTest::newRow("resolves 6to4") << u"https://sixtofour.example.net/"_s << u"url_6to4_internal"_s;
        QTest::newRow("unresolvable") << u"https://unresolvable.example.org/"_s << u"url_unresolvable"_s;
    }

    void reasonsNameTheRange()
    {
        QFETCH(QString, url);
        QFETCH(QString, code);
        FetchOptions options;
        options.resolver = probeResolver();
        const Result<FetchedPage> result = fetch(url, options);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().code(), code);
    }

    void publicUrlsPass_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QByteArray>("target");
        QTest::newRow("name") << u"https://example.com/a/b?c=d#frag"_s << u"example.com"_s
                              << QByteArray("/a/b?c=d");
        QTest::newRow("upper case, trailing dot")
            << u"HTTPS://WWW.Example.COM./"_s << u"www.example.com"_s << QByteArray("/");
        QTest::newRow("no path") << u"https://example.org"_s << u"example.org"_s << QByteArray("/");
        QTest::newRow("public v4") << u"https://1.1.1.1/"_s << u"1.1.1.1"_s << QByteArray("/");
        QTest::newRow("public v6") << u"https://[2606:4700:4700::1111]/dns"_s << u"2606:4700:4700::1111"_s
                                   << QByteArray("/dns");
        QTest::newRow("IDN") << u"https://münchen.de/"_s << u"xn--mnchen-3ya.de"_s << QByteArray("/");
        QTest::newRow("punycode") << u"https://xn--mnchen-3ya.de/"_s << u"xn--mnchen-3ya.de"_s
                                  << QByteArray("/");
        QTest::newRow("numeric label inside")
            << u"https://1.2.3.4.example.com/"_s << u"1.2.3.4.example.com"_s << QByteArray("/");
        QTest::newRow("encoded path")
            << u"https://example.com/a%20b/"_s << u"example.com"_s << QByteArray("/a%20b/");
    }

    void publicUrlsPass()
    {
        QFETCH(QString, url);
        QFETCH(QString, host);
        QFETCH(QByteArray, target);
        const UrlGuard guard { FetchOptions() };
        const Result<GuardedUrl> guarded = guard.check(url);
        QVERIFY2(guarded.ok(), qPrintable(guarded.ok() ? QString() : guarded.error().message()));
        QCOMPARE(guarded.value().host, host);
        QCOMPARE(guarded.value().requestTarget, target);
        QVERIFY(!guarded.value().url.hasFragment());
    }

    void configuredPortsPass()
    {
        FetchOptions options;
        options.extraPorts = { 8443 };
        const UrlGuard guard(options);
        QVERIFY(guard.check(u"https://example.com:8443/"_s).ok());
        QCOMPARE(
            guard.check(u"https://example.com:8443/"_s).value().hostHeader, QByteArray("example.com:8443"));
        QVERIFY(!guard.check(u"https://example.com:8444/"_s).ok());
    }

    void resolvedPublicAnswersPass()
    {
        const UrlGuard guard { FetchOptions() };
        const GuardedUrl url = guard.check(u"https://example.com/"_s).value();
        QVERIFY(guard
                    .checkResolved(url,
                        { QHostAddress(u"93.184.215.14"_s),
                            QHostAddress(u"2606:2800:21f:cb07:6820:80da:af6b:8b2c"_s) })
                    .ok());
        QVERIFY(guard.checkResolved(url, { QHostAddress(u"64:ff9b::808:808"_s) }).ok()); // NAT64 of 8.8.8.8
        QVERIFY(!guard.checkResolved(url, {}).ok());
    }

    void loopbackEscapeHatchOpensLoopbackOnly()
    {
        FetchOptions options;
        options.loopbackForTests = true;
        const UrlGuard guard(options);
        QVERIFY(guard.check(u"https://127.0.0.1/"_s).ok());
        QVERIFY(!guard.check(u"https://10.0.0.1/"_s).ok());
        QVERIFY(!guard.check(u"https://[::1]/"_s).ok());
        QVERIFY(!guard.check(u"https://169.254.169.254/"_s).ok());
        QVERIFY(!guard.check(u"https://localhost/"_s).ok());
    }

    void settingsNeverOpenLoopback()
    {
        const Settings settings = Settings::fromValues(QString(),
            { { u"web/fetch/extra_ports"_s, u"8443, 9443"_s }, { u"web/fetch/timeout_ms"_s, u"2000"_s } });
        const FetchOptions options = WebFetchSettings::options(settings);
        QCOMPARE(options.extraPorts, (QList<quint16> { 8443, 9443 }));
        QCOMPARE(options.timeoutMs, 2000);
        QCOMPARE(options.maxBodyBytes, 5 * 1024 * 1024);
        QVERIFY(!options.loopbackForTests);
        QVERIFY(!options.resolver);
        QVERIFY(options.extraCaCertificates.isEmpty());
        QString problem;
        WebFetchSettings::ports(u"443,70000"_s, &problem);
        QVERIFY(!problem.isEmpty());
        QVERIFY(!WebFetchSettings::ExtraPorts.spec.problem(u"80,x"_s).isEmpty());
        QVERIFY(WebFetchSettings::ExtraPorts.spec.problem(u"8443"_s).isEmpty());
    }

    void addressRanges_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("code"); // empty: public
        const QList<QPair<const char *, const char *>> rows = {
            { "0.255.255.255", "this_network" },
            { "9.255.255.255", "" },
            { "10.0.0.0", "private" },
            { "11.0.0.0", "" },
            { "100.63.255.255", "" },
            { "100.64.0.0", "cgnat" },
            { "100.127.255.255", "cgnat" },
            { "100.128.0.0", "" },
            { "126.255.255.255", "" },
            { "127.0.0.0", "loopback" },
            { "128.0.0.0", "" },
            { "169.253.255.255", "" },
            { "169.254.0.0", "link_local" },
            { "169.255.0.0", "" },
            { "172.15.255.255", "" },
            { "172.16.0.0", "private" },
            { "172.31.255.255", "private" },
            { "172.32.0.0", "" },
            { "192.0.0.255", "reserved" },
            { "192.0.1.0", "" },
            { "192.0.2.255", "reserved" },
            { "192.88.99.1", "reserved" },
            { "192.167.255.255", "" },
            { "192.168.0.0", "private" },
            { "192.169.0.0", "" },
            { "198.17.255.255", "" },
            { "198.18.0.0", "reserved" },
            { "198.19.255.255", "reserved" },
            { "198.20.0.0", "" },
            { "198.51.100.7", "reserved" },
            { "203.0.113.9", "reserved" },
            { "223.255.255.255", "" },
            { "224.0.0.0", "multicast" },
            { "239.255.255.255", "multicast" },
            { "240.0.0.0", "reserved" },
            { "255.255.255.254", "reserved" },
            { "255.255.255.255", "broadcast" },
            { "8.8.8.8", "" },
            { "1.1.1.1", "" },
            { "::", "this_network" },
            { "::1", "loopback" },
            { "::2", "ipv4_compatible" },
            { "::ffff:1.1.1.1", "ipv4_mapped" },
            { "64:ff9b::1.1.1.1", "" },
            { "64:ff9b::192.168.0.1", "nat64_internal" },
            { "64:ff9b:1::1", "nat64_internal" },
            { "2002:0808:0808::1", "" },
            { "2002:0a00:0001::1", "6to4_internal" },
            { "2001::1", "teredo_internal" },
            { "2001:0:808:808::f7f7:f7f7", "reserved" },
            { "2001:db8::", "reserved" },
            { "2001:1::1", "reserved" },
            { "2001:200::1", "" },
            { "2400:cb00::1", "" },
            { "3fff::1", "reserved" },
            { "3fff:1000::1", "" },
            { "fbff::1", "reserved" },
            { "fc00::", "unique_local" },
            { "fdff:ffff::1", "unique_local" },
            { "fe7f::1", "reserved" },
            { "fe80::", "link_local" },
            { "febf::1", "link_local" },
            { "fec0::1", "site_local" },
            { "ff00::", "multicast" },
            { "4000::1", "reserved" },
            { "100::1", "reserved" },
            { "1fff::1", "reserved" },
        };
        for (const auto &[address, code] : rows)
            QTest::newRow(address) << QString::fromLatin1(address) << QString::fromLatin1(code);
    }

    void addressRanges()
    {
        QFETCH(QString, address);
        QFETCH(QString, code);
        const QHostAddress parsed(address);
        QVERIFY(!parsed.isNull());
        const auto refusal = AddressPolicy::refusal(parsed);
        QCOMPARE(refusal ? refusal->code : QString(), code);
    }

    void ipv4Spellings_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("address");
        QTest::addColumn<bool>("canonical");
        const int name = int(Ipv4Spelling::Kind::Name);
        const int invalid = int(Ipv4Spelling::Kind::Invalid);
        const int address = int(Ipv4Spelling::Kind::Address);
        QTest::newRow("dotted") << u"8.8.4.4"_s << address << u"8.8.4.4"_s << true;
        QTest::newRow("decimal") << u"2130706433"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("hex") << u"0x7f000001"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("hex short") << u"0x7f.1"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("octal") << u"017700000001"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("octal dotted") << u"0177.0.0.01"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("two parts") << u"127.1"_s << address << u"127.0.0.1"_s << false;
        QTest::newRow("three parts") << u"10.1.258"_s << address << u"10.1.1.2"_s << false;
        QTest::newRow("trailing dot") << u"1.2.3.4."_s << address << u"1.2.3.4"_s << false;
        QTest::newRow("empty hex") << u"0x.0x.0x.0x"_s << address << u"0.0.0.0"_s << false;
        QTest::newRow("five parts") << u"1.2.3.4.5"_s << invalid << QString() << false;
        QTest::newRow("part too big") << u"256.1.1.1"_s << invalid << QString() << false;
        QTest::newRow("last too big") << u"1.2.3.256"_s << invalid << QString() << false;
        QTest::newRow("total too big") << u"4294967296"_s << invalid << QString() << false;
        QTest::newRow("huge") << u"99999999999999999999999999"_s << invalid << QString() << false;
        QTest::newRow("bad octal") << u"1.2.3.09"_s << invalid << QString() << false;
        QTest::newRow("empty part") << u"1..2.3"_s << invalid << QString() << false;
        QTest::newRow("name") << u"example.com"_s << name << QString() << false;
        QTest::newRow("numeric first") << u"1.2.3.4.example"_s << name << QString() << false;
        QTest::newRow("hex-looking name") << u"0xcafe.com"_s << name << QString() << false;
        QTest::newRow("not hex") << u"foo.0xg"_s << name << QString() << false;
    }

    void ipv4Spellings()
    {
        QFETCH(QString, host);
        QFETCH(int, kind);
        QFETCH(QString, address);
        QFETCH(bool, canonical);
        const Ipv4Spelling::Reading reading = Ipv4Spelling::read(host);
        QCOMPARE(int(reading.kind), kind);
        if (reading.kind == Ipv4Spelling::Kind::Address) {
            QCOMPARE(QHostAddress(reading.address).toString(), address);
            QCOMPARE(reading.canonical, canonical);
        }
    }
};

QTEST_GUILESS_MAIN(TestWebUrlGuard)
#include "TestWebUrlGuard.moc"
