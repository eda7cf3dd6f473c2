#include "core/Clock.h"
#include "ops/eu/vat/VatTimeline.h"

#include <QJsonArray>
#include <QTest>

using namespace Qt::StringLiterals;
using ades::VatObservation;
using ades::eu::VatTimeline;

namespace {

QDateTime utc(int year, int month, int day, int hour = 0, int minute = 0)
{
    return QDateTime(QDate(year, month, day), QTime(hour, minute), Qt::UTC);
}

VatObservation seen(const QDateTime &at, bool valid, const QString &consultation = {})
{
    VatObservation o;
    o.observedAt = at;
    o.country = u"IE"_s;
    o.number = u"6388047V"_s;
    o.valid = valid;
    o.name = valid ? u"GOOGLE IRELAND LIMITED"_s : QString();
    o.consultationNumber = consultation;
    o.endpoint = u"rest"_s;
    return o;
}

// What the handler hands VatTimeline: the store's three reads over `all` (oldest first).
QJsonObject describe(const QList<VatObservation> &all, const QDateTime &at, const QDate &today)
{
    QList<VatObservation> before;
    QList<VatObservation> after;
    QList<VatObservation> window;
    const QDateTime from(VatTimeline::windowStart(at), QTime(0, 0), Qt::UTC);
    const QDateTime to(VatTimeline::windowEnd(at), QTime(0, 0), Qt::UTC);
    for (const VatObservation &o : all) {
        if (o.observedAt <= at)
            before.append(o);
        else if (after.size() < VatTimeline::ListLimit)
            after.append(o);
        if (o.observedAt >= from && o.observedAt < to)
            window.append(o);
    }
    before = before.mid(qMax<qsizetype>(0, before.size() - VatTimeline::ListLimit));
    return VatTimeline::describe(before, after, window, all.size(), at, today);
}

QString dayStatus(const QJsonObject &result, const QString &date)
{
    for (const QJsonValue &d : result.value(u"days"_s).toArray()) {
        if (d.toObject().value(u"date"_s).toString() == date)
            return d.toObject().value(u"status"_s).toString();
    }
    return u"absent"_s;
}

} // namespace

// The history rule: a day's validity comes only from that day's VIES answers; a day nobody observed is
// unknown, whatever its neighbours say.
class TestVatTimeline : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseAt_data();
    void parseAt();
    void statusOfTheDay_data();
    void statusOfTheDay();
    void gapBetweenValidDaysIsUnknown();
    void mixedDay();
    void neighboursAndList();
    void neverObserved();
    void daysStopAtToday();
};

void TestVatTimeline::parseAt_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QDateTime>("expected"); // invalid: 422
    const QDateTime now = utc(2026, 11, 21, 8, 0);
    QTest::newRow("empty-is-now") << QString() << now;
    QTest::newRow("date-is-end-of-day")
        << u"2026-11-20"_s << QDateTime(QDate(2026, 11, 20), QTime(23, 59, 59, 999), Qt::UTC);
    QTest::newRow("zulu") << u"2026-11-20T09:30:00Z"_s << utc(2026, 11, 20, 9, 30);
    QTest::newRow("offset") << u"2026-11-20T10:30:00+01:00"_s << utc(2026, 11, 20, 9, 30);
    QTest::newRow("no-zone-is-utc") << u"2026-11-20T09:30"_s << utc(2026, 11, 20, 9, 30);
    QTest::newRow("millis") << u"2026-11-20T09:30:00.250Z"_s << utc(2026, 11, 20, 9, 30).addMSecs(250);
    QTest::newRow("not-a-date") << u"yesterday"_s << QDateTime();
    QTest::newRow("impossible-day") << u"2026-02-30"_s << QDateTime();
    QTest::newRow("impossible-hour") << u"2026-11-20T25:00:00Z"_s << QDateTime();
    QTest::newRow("us-order") << u"11/20/2026"_s << QDateTime();
}

void TestVatTimeline::parseAt()
{
    QFETCH(QString, text);
    QFETCH(QDateTime, expected);
    const auto r = VatTimeline::parseAt(text, utc(2026, 11, 21, 8, 0));
    if (!expected.isValid()) {
        QVERIFY(!r.ok());
        QCOMPARE(r.error().httpStatus(), 422);
        QCOMPARE(r.error().param(), u"at"_s);
        return;
    }
    QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().message()));
    QCOMPARE(r.value(), expected);
}

void TestVatTimeline::statusOfTheDay_data()
{
    QTest::addColumn<QDateTime>("at");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QDateTime>("basis"); // invalid: none
    // Observed: 10th 09:00 valid, 10th 15:00 valid, 12th 12:00 invalid.
    QTest::newRow("after-both-that-day") << utc(2026, 11, 10, 18) << u"valid"_s << utc(2026, 11, 10, 15);
    QTest::newRow("between-that-day") << utc(2026, 11, 10, 12) << u"valid"_s << utc(2026, 11, 10, 9);
    // Earlier the same day: that day's first answer speaks for it.
    QTest::newRow("before-first-that-day") << utc(2026, 11, 10, 6) << u"valid"_s << utc(2026, 11, 10, 9);
    QTest::newRow("unobserved-day-between") << utc(2026, 11, 11, 12) << u"unknown"_s << QDateTime();
    QTest::newRow("invalid-day") << utc(2026, 11, 12, 23) << u"invalid"_s << utc(2026, 11, 12, 12);
    QTest::newRow("day-after-last") << utc(2026, 11, 13, 1) << u"unknown"_s << QDateTime();
    QTest::newRow("day-before-first") << utc(2026, 11, 9, 23) << u"unknown"_s << QDateTime();
}

void TestVatTimeline::statusOfTheDay()
{
    QFETCH(QDateTime, at);
    QFETCH(QString, status);
    QFETCH(QDateTime, basis);
    const QList<VatObservation> all { seen(utc(2026, 11, 10, 9), true), seen(utc(2026, 11, 10, 15), true),
        seen(utc(2026, 11, 12, 12), false) };
    const QJsonObject r = describe(all, at, QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), status);
    QCOMPARE(r.value(u"at_day"_s).toString(), at.date().toString(Qt::ISODate));
    if (basis.isValid()) {
        QCOMPARE(
            r.value(u"status_basis"_s).toObject().value(u"observed_at"_s).toString(), ades::isoUtc(basis));
        QCOMPARE(r.value(u"day_consistent"_s), QJsonValue(true));
    } else {
        QVERIFY(r.value(u"status_basis"_s).isNull());
        QVERIFY(r.value(u"day_consistent"_s).isNull());
        QVERIFY(r.value(u"hint"_s).toString().contains(u"unknown"_s));
    }
}

void TestVatTimeline::gapBetweenValidDaysIsUnknown()
{
    // Valid on the 1st and on the 5th: the 2nd to the 4th were not observed, so they are unknown, never
    // "valid by interpolation".
    const QList<VatObservation> all { seen(utc(2026, 11, 1, 10), true), seen(utc(2026, 11, 5, 10), true) };
    const QJsonObject r = describe(all, utc(2026, 11, 3, 10), QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), u"unknown"_s);
    QCOMPARE(dayStatus(r, u"2026-11-01"_s), u"valid"_s);
    for (const QString &gap : { u"2026-11-02"_s, u"2026-11-03"_s, u"2026-11-04"_s })
        QCOMPARE(dayStatus(r, gap), u"unknown"_s);
    QCOMPARE(dayStatus(r, u"2026-11-05"_s), u"valid"_s);
    QCOMPARE(dayStatus(r, u"2026-10-27"_s), u"unknown"_s); // window start: 7 days before
    QCOMPARE(dayStatus(r, u"2026-10-26"_s), u"absent"_s);
    QCOMPARE(dayStatus(r, u"2026-11-10"_s), u"unknown"_s); // window end: 7 days after
    QCOMPARE(dayStatus(r, u"2026-11-11"_s), u"absent"_s);
    QCOMPARE(r.value(u"days"_s).toArray().size(), 15);
    QCOMPARE(r.value(u"previous"_s).toObject().value(u"day"_s).toString(), u"2026-11-01"_s);
    QCOMPARE(r.value(u"next"_s).toObject().value(u"day"_s).toString(), u"2026-11-05"_s);
}

void TestVatTimeline::mixedDay()
{
    const QList<VatObservation> all { seen(utc(2026, 11, 10, 9), true), seen(utc(2026, 11, 10, 15), false) };
    const QJsonObject r = describe(all, utc(2026, 11, 10, 20), QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), u"invalid"_s); // the last answer at or before `at`
    QCOMPARE(r.value(u"day_consistent"_s), QJsonValue(false));
    QCOMPARE(dayStatus(r, u"2026-11-10"_s), u"mixed"_s);
    QVERIFY(r.value(u"hint"_s).toString().contains(u"differed"_s));
    const QJsonObject morning = describe(all, utc(2026, 11, 10, 10), QDate(2026, 11, 20));
    QCOMPARE(morning.value(u"status_at"_s).toString(), u"valid"_s);
}

void TestVatTimeline::neighboursAndList()
{
    QList<VatObservation> all;
    for (int day = 1; day <= 28; ++day)
        all.append(seen(utc(2026, 10, day, 12), day % 2 == 0, day == 14 ? u"WAPIAAAAZ9cWmQXG"_s : QString()));
    const QJsonObject r = describe(all, utc(2026, 10, 14, 18), QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), u"valid"_s);
    QCOMPARE(r.value(u"status_basis"_s).toObject().value(u"consultation_number"_s).toString(),
        u"WAPIAAAAZ9cWmQXG"_s);
    QVERIFY(r.value(u"hint"_s).toString().contains(u"WAPIAAAAZ9cWmQXG"_s));
    QCOMPARE(r.value(u"observations_total"_s).toInteger(), 28);
    const QJsonArray listed = r.value(u"observations"_s).toArray();
    QCOMPARE(listed.size(), 2 * VatTimeline::ListLimit);
    QCOMPARE(listed.first().toObject().value(u"day"_s).toString(), u"2026-10-05"_s);
    QCOMPARE(listed.last().toObject().value(u"day"_s).toString(), u"2026-10-24"_s);
    for (qsizetype i = 1; i < listed.size(); ++i)
        QVERIFY(listed.at(i - 1).toObject().value(u"observed_at"_s).toString()
            < listed.at(i).toObject().value(u"observed_at"_s).toString());
    QCOMPARE(r.value(u"previous"_s).toObject().value(u"day"_s).toString(), u"2026-10-14"_s);
    QCOMPARE(r.value(u"next"_s).toObject().value(u"day"_s).toString(), u"2026-10-15"_s);
    QVERIFY(r.value(u"next"_s).toObject().value(u"name"_s).isNull()); // not disclosed stays null
}

void TestVatTimeline::neverObserved()
{
    const QJsonObject r = describe({}, utc(2026, 11, 10, 12), QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), u"unknown"_s);
    QVERIFY(r.value(u"previous"_s).isNull());
    QVERIFY(r.value(u"next"_s).isNull());
    QCOMPARE(r.value(u"observations"_s).toArray().size(), 0);
    QVERIFY(r.value(u"hint"_s).toString().contains(u"never observed"_s));
    for (const QJsonValue &d : r.value(u"days"_s).toArray())
        QCOMPARE(d.toObject().value(u"status"_s).toString(), u"unknown"_s);
}

void TestVatTimeline::daysStopAtToday()
{
    const QList<VatObservation> all { seen(utc(2026, 11, 20, 7), true) };
    const QJsonObject r = describe(all, utc(2026, 11, 20, 8), QDate(2026, 11, 20));
    QCOMPARE(r.value(u"status_at"_s).toString(), u"valid"_s);
    const QJsonArray days = r.value(u"days"_s).toArray();
    QCOMPARE(days.size(), 8); // the 13th to today
    QCOMPARE(days.last().toObject().value(u"date"_s).toString(), u"2026-11-20"_s);
}

QTEST_APPLESS_MAIN(TestVatTimeline)
#include "TestVatTimeline.moc"
