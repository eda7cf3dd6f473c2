#include "channels/key/EmailAddress.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

class TestEmailAddress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void check_data();
    void check();
};

void TestEmailAddress::check_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("problem"); // part of the reason; empty: accepted
    QTest::newRow("plain") << u"agent@example.com"_s << QString();
    QTest::newRow("tag-and-subdomain") << u"ops+ades@mail.example.co.uk"_s << QString();
    QTest::newRow("atext-specials") << u"o'neil.x_y-z!#$%&*/=?^`{|}~@example.org"_s << QString();
    QTest::newRow("utf-8") << u"jürgen@bücher.example"_s << QString();
    QTest::newRow("digits-in-domain") << u"a@123.example"_s << QString();
    QTest::newRow("longest-local") << QString(QString(64, u'a') + u"@example.com"_s) << QString();
    QTest::newRow("longest-address") << QString(u"agent@"_s + QString(60, u'a') + u"."_s + QString(60, u'b')
        + u"."_s + QString(60, u'c') + u"."_s + QString(61, u'd') + u".com"_s)
                                     << QString(); // 254 bytes
    // Issue 12: a NUL was accepted (any character but @ and white space was).
    QTest::newRow("nul-at-end") << u"agent@example.com\u0000"_s << u"control character U+0000"_s;
    QTest::newRow("nul-inside") << QString(u"agent"_s + QChar(0) + u"x@example.com"_s)
                                << u"control character U+0000"_s;
    QTest::newRow("line-feed") << u"agent@example.com\nBcc: x@example.org"_s << u"control character U+000A"_s;
    QTest::newRow("delete") << u"agent\u007f@example.com"_s << u"control character U+007F"_s;
    QTest::newRow("c1-control") << u"agent\u0085@example.com"_s << u"control character U+0085"_s;
    QTest::newRow("zero-width-space") << u"agent\u200b@example.com"_s << u"format character U+200B"_s;
    QTest::newRow("bidi-override") << u"agent@moc.elpmaxe\u202e"_s << u"format character U+202E"_s;
    QTest::newRow("no-break-space") << u"agent\u00a0@example.com"_s << u"white space (U+00A0)"_s;
    QTest::newRow("space") << u"a gent@example.com"_s << u"white space (U+0020)"_s;
    QTest::newRow("replacement-character") << u"agent\ufffd@example.com"_s << u"U+FFFD"_s;
    QTest::newRow("empty") << QString() << u"is empty"_s;
    QTest::newRow("no-at") << u"agent.example.com"_s << u"has no @"_s;
    QTest::newRow("two-at") << u"a@b@example.com"_s << u"more than one @"_s;
    QTest::newRow("empty-local") << u"@example.com"_s << u"nothing before the @"_s;
    QTest::newRow("local-too-long") << QString(QString(65, u'a') + u"@example.com"_s) << u"64 bytes"_s;
    QTest::newRow("local-dot-start") << u".agent@example.com"_s << u"dot"_s;
    QTest::newRow("local-two-dots") << u"a..b@example.com"_s << u"dot"_s;
    QTest::newRow("quoted-local") << u"\"a b\"@example.com"_s << u"white space"_s;
    QTest::newRow("quoted-local-no-space") << u"\"ab\"@example.com"_s << u"quoted"_s;
    QTest::newRow("angle-bracket") << u"a<b@example.com"_s << u"'<'"_s;
    QTest::newRow("no-domain") << u"agent@"_s << u"no domain"_s;
    QTest::newRow("no-dot-in-domain") << u"agent@localhost"_s << u"without a dot"_s;
    QTest::newRow("empty-label") << u"agent@example..com"_s << u"empty label"_s;
    QTest::newRow("trailing-dot") << u"agent@example.com."_s << u"empty label"_s;
    QTest::newRow("hyphen-label") << u"agent@-example.com"_s << u"'-'"_s;
    QTest::newRow("underscore-domain") << u"agent@ex_ample.com"_s << u"'_'"_s;
    QTest::newRow("address-literal") << u"agent@[127.0.0.1]"_s << u"address literal"_s;
    QTest::newRow("numeric-tld") << u"agent@10.0.0.1"_s << u"top-level"_s;
    QTest::newRow("one-letter-tld") << u"agent@example.c"_s << u"top-level"_s;
    QTest::newRow("label-too-long") << QString(u"agent@"_s + QString(64, u'a') + u".com"_s) << u"63 bytes"_s;
    QTest::newRow("too-long") << QString(u"agent@"_s + QString(62, u'a') + u"."_s + QString(62, u'b') + u"."_s
        + QString(62, u'c') + u"."_s + QString(62, u'd') + u".com"_s)
                              << u"254 bytes"_s;
}

void TestEmailAddress::check()
{
    QFETCH(QString, address);
    QFETCH(QString, problem);
    const std::optional<QString> reason = EmailAddress::problem(address);
    if (problem.isEmpty()) {
        QVERIFY2(!reason, qPrintable(reason.value_or(QString())));
        return;
    }
    QVERIFY(reason);
    QVERIFY2(reason->contains(problem), qPrintable(*reason));
    // The reason never quotes an invisible character back.
    for (const QChar c : *reason)
        QVERIFY2(
            c.category() != QChar::Other_Control && c.category() != QChar::Other_Format, qPrintable(*reason));
}

QTEST_APPLESS_MAIN(TestEmailAddress)
#include "TestEmailAddress.moc"
