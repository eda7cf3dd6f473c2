#include "AddressKind.h"

#include "core/JsonShape.h"
#include "ops/chain/rpc/ChainInfo.h"

#include <array>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

// Ethereum precompiles 0x01-0x11 (through Prague: ecrecover ... BLS12-381) and P256VERIFY at 0x100 (RIP-7212,
// on the rollups and Polygon).
QString precompileName(quint32 n)
{
    static const char *const names[]
        = { "ecrecover", "sha256", "ripemd160", "identity", "modexp", "ecadd", "ecmul", "ecpairing",
              "blake2f", "point evaluation (KZG)", "BLS12-381 G1 add", "BLS12-381 G1 MSM", "BLS12-381 G2 add",
              "BLS12-381 G2 MSM", "BLS12-381 pairing", "BLS12-381 map fp to G1", "BLS12-381 map fp2 to G2" };
    if (n >= 1 && n <= 0x11)
        return QString::fromLatin1(names[n - 1]);
    if (n == 0x100)
        return u"P256VERIFY (RIP-7212)"_s;
    return {};
}

} // namespace

AddressKind AddressKind::classify(const ChainInfo &chain, const EvmAddress &address, const QByteArray &code)
{
    AddressKind kind;
    const QByteArray &b = address.bytes();
    // System contracts of Ethereum that every chain here runs: EIP-4788 beacon roots, EIP-2935 block hashes.
    static const QByteArray beaconRoots = QByteArray::fromHex("000f3df6d732807ef1319fb7b8bb8522d0beac02");
    static const QByteArray historyStorage = QByteArray::fromHex("0000f90827f1c53a10cb7a02335b175320002935");
    const bool leadingZeros18 = b.left(18) == QByteArray(18, '\0');
    const quint32 low = (quint32(quint8(b[18])) << 8) | quint8(b[19]);
    if (leadingZeros18 && !precompileName(low).isEmpty()) {
        kind.type = Type::PrecompileOrSystem;
        kind.systemName = u"precompile "_s + precompileName(low);
    } else if (b == beaconRoots || b == historyStorage) {
        kind.type = Type::PrecompileOrSystem;
        kind.systemName = b == beaconRoots ? u"EIP-4788 beacon roots"_s : u"EIP-2935 block hash history"_s;
    } else if ((chain.name == u"base"_s || chain.name == u"optimism"_s)
        && b.left(18) == QByteArray::fromHex("420000000000000000000000000000000000")) {
        kind.type = Type::PrecompileOrSystem; // OP-stack predeploys 0x4200...00xx
        kind.systemName = u"OP-stack predeploy"_s;
    } else if (chain.name == u"arbitrum"_s && leadingZeros18 && low >= 0x64 && low <= 0x7f) {
        kind.type = Type::PrecompileOrSystem; // ArbSys 0x64, ArbInfo 0x65, ... ArbGasInfo 0x6c
        kind.systemName = u"Arbitrum precompile"_s;
    } else if (code.size() == 23 && code.startsWith(QByteArray::fromHex("ef0100"))) {
        kind.type = Type::EoaOrEmpty;
        kind.delegatedTo = EvmAddress::fromBytes(code.mid(3));
    } else {
        kind.type = code.isEmpty() ? Type::EoaOrEmpty : Type::DeployedContract;
    }
    return kind;
}

QString AddressKind::typeName(Type type)
{
    switch (type) {
    case Type::DeployedContract:
        return u"deployed_contract"_s;
    case Type::EoaOrEmpty:
        return u"eoa_or_empty"_s;
    case Type::PrecompileOrSystem:
        return u"precompile_or_system_address"_s;
    }
    return {};
}

QJsonObject AddressKind::toJson() const
{
    // One shape per type, the type filled.
    static const auto shapes = [] {
        std::array<QJsonObject, 3> byType;
        for (const Type t : { Type::DeployedContract, Type::EoaOrEmpty, Type::PrecompileOrSystem }) {
            byType[int(t)] = jsonShape({ u"address_type"_s, u"eip7702_delegated_to"_s });
            byType[int(t)].insert(u"address_type"_s, typeName(t));
        }
        return byType;
    }();
    QJsonObject json = shapes[int(type)];
    json.insert(
        u"eip7702_delegated_to"_s, delegatedTo ? QJsonValue(delegatedTo->checksummed()) : QJsonValue());
    if (!systemName.isEmpty())
        json.insert(u"system_name"_s, systemName);
    return json;
}

} // namespace ades::chain
