#include "ServeProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// `ades keys create` as an operator types it: help and stray words create nothing, options in either form
// work.
class TestKeysCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void createTakesOnlyItsOptions();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    Run keys(const QStringList &arguments) const;
    int keyCount() const;

    QTemporaryDir m_dir;
};

void TestKeysCommand::initTestCase()
{
    if (test::ServeProcess::binary().isEmpty())
        QSKIP("the ades binary is not built beside the tests (build the `ades` target)");
    QVERIFY(m_dir.isValid());
}

TestKeysCommand::Run TestKeysCommand::keys(const QStringList &arguments) const
{
    QProcess process;
    process.start(test::ServeProcess::binary(),
        QStringList { u"keys"_s } + arguments + QStringList { u"--data-dir"_s, m_dir.path() });
    Run run;
    if (!process.waitForFinished(30000))
        return run;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

int TestKeysCommand::keyCount() const
{
    const Run list = keys({ u"list"_s });
    return list.exitCode == 0 ? int(QJsonDocument::fromJson(list.out).array().size()) : -1;
}

void TestKeysCommand::createTakesOnlyItsOptions()
{
    QCOMPARE(keyCount(), 0);

    const Run help = keys({ u"create"_s, u"--help"_s });
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("ades keys create"));
    QCOMPARE(keyCount(), 0);

    // A label given without --label, and an option that does not exist, are refused by name.
    const Run stray = keys({ u"create"_s, u"ops"_s, u"--plan"_s, u"full"_s });
    QCOMPARE(stray.exitCode, 2);
    QVERIFY2(stray.err.contains("'ops'"), stray.err.constData());
    const Run unknown = keys({ u"create"_s, u"--labl"_s, u"ops"_s });
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("'--labl'"), unknown.err.constData());
    QCOMPARE(keyCount(), 0);

    const Run spaced
        = keys({ u"create"_s, u"--label"_s, u"ops"_s, u"--plan"_s, u"full"_s, u"--unlimited"_s });
    QCOMPARE(spaced.exitCode, 0);
    const QJsonObject full = QJsonDocument::fromJson(spaced.out).object();
    QCOMPARE(full.value(u"plan"_s).toString(), u"full"_s);
    QVERIFY(full.value(u"call_limit"_s).isNull());
    QVERIFY(full.value(u"api_key"_s).toString().startsWith(u"ades_"_s));

    const Run joined = keys({ u"create"_s, u"--label=agent"_s, u"--limit=5"_s });
    QCOMPARE(joined.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(joined.out).object().value(u"call_limit"_s).toInt(), 5);
    QCOMPARE(keyCount(), 2);
}

QTEST_GUILESS_MAIN(TestKeysCommand)
#include "TestKeysCommand.moc"
