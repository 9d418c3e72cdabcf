//! A message made of parts, read and written as one flat, externally
//! tagged enum. Each part (taking a seat, acting at the table, each game's
//! own) is an enum of its own whose tags the message reads straight from
//! the JSON, as if they were its own: `{"move":"b4-b5"}` is Gunjin's part,
//! `"resign"` the table's. Nothing is buffered on the way (the browser app
//! reads these messages, and serde's buffering for untagged or internally
//! tagged enums costs it more code than the rest of the table client).

use core::cell::Cell;
use core::fmt;
use core::marker::PhantomData;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer,
    VariantAccess, Visitor,
};

use crate::ErrorCode;

/// One part of a message: an externally tagged enum whose tags no other
/// part of the same message uses (a test checks it).
pub(crate) trait Part: DeserializeOwned {
    /// How the server refuses a client's message of this part, tagged
    /// `tag`, that does not read: a game mistake keeps the connection, a
    /// protocol violation (the default) closes it.
    fn refusal(_tag: &str) -> ErrorCode {
        ErrorCode::BadMessage
    }
}

/// A message of parts: it reads the rest of a tagged message with the
/// part the tag belongs to (`Tagged::is`, `Tagged::read`).
pub(crate) trait Parts: Sized {
    fn read<'de, V: VariantAccess<'de>>(
        tagged: Tagged<V>,
        refusal: &Cell<ErrorCode>,
    ) -> Result<Self, V::Error>;
}

/// Reads a message of parts, noting in `refusal` how a failure to read
/// it is refused once its tag is known.
pub(crate) fn deserialize<'de, M: Parts, D: Deserializer<'de>>(
    deserializer: D,
    refusal: &Cell<ErrorCode>,
) -> Result<M, D::Error> {
    deserializer.deserialize_enum("message", &[], PartsVisitor(refusal, PhantomData))
}

struct PartsVisitor<'a, M>(&'a Cell<ErrorCode>, PhantomData<M>);

impl<'de, M: Parts> Visitor<'de> for PartsVisitor<'_, M> {
    type Value = M;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a message")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<M, A::Error> {
        let (tag, rest) = data.variant::<String>()?;
        M::read(Tagged { tag, rest }, self.0)
    }
}

/// A message whose tag is read, the rest still to read by its part.
pub(crate) struct Tagged<V> {
    tag: String,
    rest: V,
}

impl<'de, V: VariantAccess<'de>> Tagged<V> {
    /// Whether the tag is one of part `P`'s.
    pub fn is<P: Part>(&self) -> bool {
        tags::<P>().contains(&self.tag.as_str())
    }

    /// The message as part `P` reads it.
    pub fn read<P: Part>(self, refusal: &Cell<ErrorCode>) -> Result<P, V::Error> {
        refusal.set(P::refusal(&self.tag));
        P::deserialize(self)
    }

    /// A tag of no part.
    pub fn unknown(self) -> V::Error {
        de::Error::unknown_variant(&self.tag, &[])
    }
}

/// The tagged message is an enum to its part, whose tag is the one read.
impl<'de, A: VariantAccess<'de>> Deserializer<'de> for Tagged<A> {
    type Error = A::Error;

    fn deserialize_enum<W: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: W,
    ) -> Result<W::Value, A::Error> {
        visitor.visit_enum(self)
    }

    fn deserialize_any<W: Visitor<'de>>(self, visitor: W) -> Result<W::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

impl<'de, A: VariantAccess<'de>> EnumAccess<'de> for Tagged<A> {
    type Error = A::Error;
    type Variant = A;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, A), A::Error> {
        let tag = seed.deserialize(self.tag.into_deserializer())?;
        Ok((tag, self.rest))
    }
}

/// The tags of part `P`, as its derived `Deserialize` names them (to
/// `deserialize_enum`, which [`Probe`] answers with them).
pub(crate) fn tags<P: DeserializeOwned>() -> &'static [&'static str] {
    match P::deserialize(Probe) {
        Err(Probed(tags)) => tags,
        Ok(_) => &[],
    }
}

/// A deserializer that only asks an enum for its tags.
struct Probe;

#[derive(Debug)]
struct Probed(&'static [&'static str]);

impl fmt::Display for Probed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a probe for an enum's tags")
    }
}

impl std::error::Error for Probed {}

impl de::Error for Probed {
    fn custom<T: fmt::Display>(_: T) -> Probed {
        Probed(&[])
    }
}

impl<'de> Deserializer<'de> for Probe {
    type Error = Probed;

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        _visitor: V,
    ) -> Result<V::Value, Probed> {
        Err(Probed(variants))
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Probed> {
        Err(Probed(&[]))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}
