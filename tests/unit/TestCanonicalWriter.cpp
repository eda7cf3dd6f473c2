#include "core/CanonicalJson.h"
#include "core/CanonicalWriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <algorithm>
#include <limits>
#include <numeric>

using namespace Qt::StringLiterals;
using namespace ades;

namespace {

// Writes `value` through the writer, each object's members in the order `shuffle` gives them.
void write(CanonicalWriter &w, const QJsonValue &value, QRandomGenerator *shuffle)
{
    switch (value.type()) {
    case QJsonValue::Object: {
        const QJsonObject object = value.toObject();
        QStringList keys = object.keys();
        if (shuffle)
            std::shuffle(keys.begin(), keys.end(), *shuffle);
        w.beginObject();
        for (const QString &key : keys) {
            w.key(QStringView(key));
            write(w, object.value(key), shuffle);
        }
        w.endObject();
        break;
    }
    case QJsonValue::Array:
        w.beginArray();
        for (const QJsonValue &item : value.toArray())
            write(w, item, shuffle);
        w.endArray();
        break;
    case QJsonValue::String:
        w.string(QStringView(value.toString()));
        break;
    case QJsonValue::Double:
        w.number(value.toDouble());
        break;
    case QJsonValue::Bool:
        w.boolean(value.toBool());
        break;
    default:
        w.null();
        break;
    }
}

QString randomText(QRandomGenerator &random)
{
    // ASCII names, characters that need escaping, Latin-1, a BMP character above the surrogates and one
    // beyond the BMP: the last two sort one way by UTF-16 unit and the other by UTF-8 byte.
    static const QStringList pieces { u"a"_s, u"b"_s, u"key"_s, u"Z"_s, u"_"_s, u"\""_s, u"\\"_s, u"\n"_s,
        u"\u0001"_s, u"é"_s, u"\uE000"_s, u"\U0001F600"_s, u"0"_s };
    QString text;
    const int n = random.bounded(4);
    for (int i = 0; i < n; ++i)
        text += pieces.at(random.bounded(pieces.size()));
    return text;
}

QJsonValue randomValue(QRandomGenerator &random, int depth)
{
    switch (random.bounded(depth > 3 ? 4 : 6)) {
    case 0:
        return randomText(random);
    case 1:
        return random.bounded(2) ? QJsonValue(random.bounded(-1000, 1000))
                                 : QJsonValue(random.generateDouble());
    case 2:
        return random.bounded(2) == 1;
    case 3:
        return QJsonValue::Null;
    case 4: {
        QJsonObject object;
        const int n = random.bounded(7);
        for (int i = 0; i < n; ++i)
            object.insert(randomText(random), randomValue(random, depth + 1));
        return object;
    }
    default: {
        QJsonArray array;
        const int n = random.bounded(5);
        for (int i = 0; i < n; ++i)
            array.append(randomValue(random, depth + 1));
        return array;
    }
    }
}

} // namespace

class TestCanonicalWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void writesMembersInKeyOrder();
    void ordersKeysByUtf16CodeUnits();
    void escapesKeysAndStrings();
    void latin1TextWithASpecialByteAnywhere();
    void literalLatin1AndUtf16KeysOrderAlike();
    void aCopyWritesOnItsOwn();
    void aMoveTakesTheText();
    void integersAsCanonicalJsonWritesThem_data();
    void integersAsCanonicalJsonWritesThem();
    void rawAndJsonValuesAreEmbedded();
    void matchesCanonicalJsonOnRandomDocuments();
    void takeLeavesAnEmptyWriter();
};

void TestCanonicalWriter::writesMembersInKeyOrder()
{
    CanonicalWriter w;
    w.beginObject();
    w.key("to"_L1).string("0xab"_L1);
    w.key("checks"_L1).beginArray();
    w.beginObject().key("status"_L1).string("pass"_L1).key("name"_L1).string("gas"_L1).endObject();
    w.beginObject().key("name"_L1).string("nonce"_L1).key("status"_L1).null().endObject();
    w.endArray();
    w.key("decision"_L1).string(u"review");
    w.key("signs_or_sends"_L1).boolean(false);
    w.key("block"_L1).integer(42);
    w.endObject();
    QCOMPARE(w.take(),
        R"({"block":42,"checks":[{"name":"gas","status":"pass"},{"name":"nonce","status":null}],)"
        R"("decision":"review","signs_or_sends":false,"to":"0xab"})");
}

void TestCanonicalWriter::ordersKeysByUtf16CodeUnits()
{
    // U+E000 is one UTF-16 unit 0xE000, U+1F600 a surrogate pair starting 0xD83D: UTF-16 order puts the
    // emoji first, UTF-8 byte order (EE… against F0…) the other way round. "a" < "b" < "é" either way.
    CanonicalWriter w;
    w.beginObject();
    w.key(u"\uE000").integer(1);
    w.key(u"b").integer(2);
    w.key(u"\U0001F600").integer(3);
    w.key("a"_L1).integer(4);
    w.key(QLatin1StringView("\xe9")).integer(5); // é given as Latin-1
    w.endObject();
    const QByteArray expected = QByteArray(R"({"a":4,"b":2,")") + "\xc3\xa9" + R"(":5,")" + "\xf0\x9f\x98\x80"
        + R"(":3,")" + "\xee\x80\x80" + R"(":1})";
    QCOMPARE(w.take(), expected);
}

void TestCanonicalWriter::escapesKeysAndStrings()
{
    CanonicalWriter w;
    w.beginObject();
    w.key(u"q\"uote").string(u"line\nbreak\u0001");
    w.key("back\\slash"_L1).string(QLatin1StringView("caf\xe9"));
    w.key(u"plain").string("tab\there"_L1);
    w.endObject();
    QJsonObject object { { u"q\"uote"_s, u"line\nbreak\u0001"_s }, { u"back\\slash"_s, u"café"_s },
        { u"plain"_s, u"tab\there"_s } };
    QCOMPARE(w.take(), CanonicalJson::serialise(object));
}

// Latin-1 keys and strings are checked eight bytes at a time, and keys compared eight bytes at a time: a
// byte that needs escaping or is not ASCII must be caught in every position of a word and of the tail, and
// keys that share a long prefix must still sort by their first difference.
void TestCanonicalWriter::latin1TextWithASpecialByteAnywhere()
{
    const char bytes[] = { '\x00', '\x1f', ' ', '!', '"', '#', '\\', '~', '\x7f', '\x80', '\xe9', '\xff' };
    for (const char special : bytes) {
        for (int length = 1; length <= 19; ++length) {
            for (int at = 0; at < length; ++at) {
                QByteArray text(length, 'k');
                text[at] = special;
                const QLatin1StringView view(text);
                // Neighbours that share the text's prefix, written out of order.
                const QByteArray longer = QByteArray(length, 'k') + 'z';
                CanonicalWriter w;
                w.beginObject();
                w.key(QLatin1StringView(longer)).string("after"_L1);
                w.key(view).string(view);
                w.key("k"_L1).string("short"_L1);
                w.endObject();
                const QJsonObject expected { { QString::fromLatin1(longer), u"after"_s },
                    { QString::fromLatin1(text), QString::fromLatin1(text) }, { u"k"_s, u"short"_s } };
                QCOMPARE(w.take(), CanonicalJson::serialise(expected));
            }
        }
    }
    // Two keys whose first difference is followed, in the same eight bytes, by a difference the other way.
    for (int first = 0; first < 16; ++first) {
        const QByteArray low = "abcdefghijklmnopq";
        QByteArray high = low;
        high[first] = char(high[first] + 1);
        for (qsizetype later = first + 1; later < high.size(); ++later)
            high[later] = 'a';
        CanonicalWriter w;
        w.beginObject();
        w.key(QLatin1StringView(high)).integer(2);
        w.key(QLatin1StringView(low)).integer(1);
        w.endObject();
        QCOMPARE(w.take(), "{\"" + low + "\":1,\"" + high + "\":2}");
    }
}

// A key literal carries its first eight bytes, computed when the program is compiled; a Latin-1 or UTF-16 key
// computes them when written. Mixed in one object, in every order, they must sort as CanonicalJson sorts.
void TestCanonicalWriter::literalLatin1AndUtf16KeysOrderAlike()
{
    const QStringList names { u"a"_s, u"ab"_s, u"abcdefgh"_s, u"abcdefgh_"_s, u"abcdefghi"_s, u"abcdefgi"_s,
        u"amount_atomic"_s, u"amount_eur"_s, u"amount_usdc"_s, u"b"_s };
    QJsonObject expected;
    for (const QString &name : names)
        expected.insert(name, name);
    QRandomGenerator random(8785);
    for (int round = 0; round < 200; ++round) {
        QList<int> order(names.size());
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), random);
        CanonicalWriter w;
        w.beginObject();
        for (const int i : order) {
            const QByteArray latin1 = names[i].toLatin1();
            switch ((i + round) % 3) {
            case 0: {
                // The literals of the list, one by one: a Key is made from a literal only.
                static const CanonicalWriter::Key literals[] = { "a", "ab", "abcdefgh", "abcdefgh_",
                    "abcdefghi", "abcdefgi", "amount_atomic", "amount_eur", "amount_usdc", "b" };
                w.key(literals[i]);
                break;
            }
            case 1:
                w.key(QLatin1StringView(latin1));
                break;
            default:
                w.key(QStringView(names[i]));
                break;
            }
            w.string(QStringView(names[i]));
        }
        w.endObject();
        QCOMPARE(w.take(), CanonicalJson::serialise(expected));
    }
}

// The writer writes through a pointer into its buffer: a copy must own its buffer, or closing the copy would
// write into the original's text (the preflight closes a copy of each check's evidence).
void TestCanonicalWriter::aCopyWritesOnItsOwn()
{
    CanonicalWriter original(16);
    original.beginObject();
    original.key("b").string("first"_L1);
    CanonicalWriter copy = original;
    QCOMPARE(copy.endObject().take(), QByteArray(R"({"b":"first"})"));
    original.key("a").string("second"_L1);
    CanonicalWriter assigned;
    assigned = original;
    assigned.key("c").integer(3);
    original.key("d").beginArray().boolean(true).endArray();
    QCOMPARE(original.endObject().take(), QByteArray(R"({"a":"second","b":"first","d":[true]})"));
    QCOMPARE(assigned.endObject().take(), QByteArray(R"({"a":"second","b":"first","c":3})"));
}

// A moved writer goes on where the other stopped; the other is left empty and may start anew.
void TestCanonicalWriter::aMoveTakesTheText()
{
    CanonicalWriter first(16);
    first.beginObject();
    first.key("b").string("kept"_L1);
    CanonicalWriter second = std::move(first);
    second.key("a").integer(1);
    first.beginArray().null().endArray();
    QCOMPARE(second.endObject().take(), QByteArray(R"({"a":1,"b":"kept"})"));
    QCOMPARE(first.take(), QByteArray("[null]"));
    CanonicalWriter third;
    third.beginObject().key("c").boolean(false);
    first = std::move(third);
    QCOMPARE(first.endObject().take(), QByteArray(R"({"c":false})"));
}

void TestCanonicalWriter::integersAsCanonicalJsonWritesThem_data()
{
    QTest::addColumn<qint64>("value");
    QTest::newRow("zero") << qint64(0);
    QTest::newRow("negative") << qint64(-17);
    QTest::newRow("2^53") << (qint64(1) << 53);
    QTest::newRow("-2^53") << -(qint64(1) << 53);
    QTest::newRow("2^53+1, rounded as a double") << (qint64(1) << 53) + 1;
    QTest::newRow("large") << qint64(123456789012345678);
    QTest::newRow("max") << std::numeric_limits<qint64>::max();
    QTest::newRow("min") << std::numeric_limits<qint64>::min();
}

void TestCanonicalWriter::integersAsCanonicalJsonWritesThem()
{
    QFETCH(qint64, value);
    CanonicalWriter w;
    w.integer(value);
    QCOMPARE(w.take(), CanonicalJson::serialise(QJsonValue(double(value))));
}

void TestCanonicalWriter::rawAndJsonValuesAreEmbedded()
{
    const QJsonObject nested { { u"z"_s, 1 }, { u"a"_s, QJsonArray { 1.5, u"x"_s } } };
    CanonicalWriter w;
    w.beginArray();
    w.raw(CanonicalJson::serialise(nested));
    w.value(nested);
    w.value(QJsonValue(u"s"_s));
    w.endArray();
    QCOMPARE(w.take(), CanonicalJson::serialise(QJsonArray { nested, nested, u"s"_s }));
}

void TestCanonicalWriter::matchesCanonicalJsonOnRandomDocuments()
{
    QRandomGenerator random(20261130);
    for (int i = 0; i < 2000; ++i) {
        const QJsonValue value = randomValue(random, 0);
        CanonicalWriter inOrder;
        write(inOrder, value, nullptr);
        CanonicalWriter shuffled;
        write(shuffled, value, &random);
        const QByteArray expected = CanonicalJson::serialise(value);
        QCOMPARE(inOrder.take(), expected);
        QCOMPARE(shuffled.take(), expected);
    }
}

void TestCanonicalWriter::takeLeavesAnEmptyWriter()
{
    CanonicalWriter w;
    w.beginObject().key("a"_L1).integer(1).endObject();
    QCOMPARE(w.take(), R"({"a":1})");
    w.beginArray().boolean(true).endArray();
    QCOMPARE(w.take(), "[true]");
}

QTEST_GUILESS_MAIN(TestCanonicalWriter)
#include "TestCanonicalWriter.moc"
