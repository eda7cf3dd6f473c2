#include "crypto/IssuerKeyBackup.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ades;

// The issuer key backup is the Ethereum keystore v3 format, read and written as other wallets do.
class TestIssuerKeyBackup : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void opensGethsKeystoreVector();
    void roundTrip();
};

void TestIssuerKeyBackup::opensGethsKeystoreVector()
{
    // go-ethereum's accounts/keystore/testdata/very-light-scrypt.json: empty password, scrypt N = 2, r = 8.
    const QByteArray keystore = R"({"address":"45dea0fb0bba44f4fcf290bba71fd57d7117cbb8",
        "crypto":{"cipher":"aes-128-ctr",
            "ciphertext":"b87781948a1befd247bff51ef4063f716cf6c2d3481163e9a8f42e1f9bb74145",
            "cipherparams":{"iv":"dc4926b48a105133d2f16b96833abf1e"},"kdf":"scrypt",
            "kdfparams":{"dklen":32,"n":2,"p":1,"r":8,
                "salt":"004244bbdc51cadda545b1cfa43cff9ed2ae88e08c61f1479dbb45410722f8f0"},
            "mac":"39990c1684557447940d4c69e06b1b82b2aceacb43f284df65c956daf3046b85"},
        "id":"ce541d8d-c79b-40f8-9f8c-20f59616faba","version":3})";
    const Result<PrivateKey> key = IssuerKeyBackup::decrypt(keystore, QString());
    QVERIFY2(key.ok(), key.ok() ? "" : qPrintable(key.error().message()));
    QCOMPARE(key.value().address(), u"0x45DeA0FB0bBA44f4fcF290bbA71Fd57d7117Cbb8"_s);
    QCOMPARE(IssuerKeyBackup::decrypt(keystore, u"bad"_s).error().code(), u"backup_passphrase_wrong"_s);
}

void TestIssuerKeyBackup::roundTrip()
{
    const PrivateKey key = PrivateKey::generate();
    const Result<QByteArray> json = IssuerKeyBackup::encrypt(key, u"ein langer Satz"_s);
    QVERIFY(json.ok());
    const QJsonObject keystore = QJsonDocument::fromJson(json.value()).object();
    QCOMPARE(keystore.value(u"address"_s).toString(), key.address().mid(2).toLower());
    const Result<PrivateKey> back = IssuerKeyBackup::decrypt(json.value(), u"ein langer Satz"_s);
    QVERIFY(back.ok());
    QCOMPARE(back.value().secret(), key.secret());
    // Two backups of one key differ (fresh salt and IV each time).
    QVERIFY(IssuerKeyBackup::encrypt(key, u"ein langer Satz"_s).value() != json.value());
}

QTEST_GUILESS_MAIN(TestIssuerKeyBackup)
#include "TestIssuerKeyBackup.moc"
