//! The learned evaluation's numbers (`neural.*`): from the record beside the compiled-in
//! network, the hidden-size experiment, and the network's scores beside the hand-written
//! evaluation's on the shipped sample. The book's tooling reads the chapter's helpers
//! ([`searchlab_course::neural`]) here; the chapter does not know of the numbers.

use super::Numbers;
use searchlab_course::neural;
use searchlab_engine::error::Result;

/// The learned evaluation's numbers: from the record beside the compiled-in network
/// (`neural.record.*`: positions, held out, hidden units, bytes, epochs, the first and last
/// validation loss) and its scores against the hand-written evaluation's on the shipped sample
/// (`neural.sample.*`).
pub fn add_neural(numbers: &mut Numbers) -> Result<()> {
    numbers.add("neural.scale", searchlab_engine::eval::network::SCALE);
    let summary = neural::read_summary(neural::DEFAULT_RECORD)?;
    numbers.count("neural.record.training", summary.training);
    numbers.count("neural.record.held_out", summary.held_out);
    numbers.count(
        "neural.record.positions",
        summary.training + summary.held_out,
    );
    numbers.count("neural.record.hidden", summary.hidden);
    numbers.count("neural.record.bytes", summary.bytes);
    if let Some((seconds, threads)) = summary.time {
        numbers.add("neural.record.seconds", format!("{seconds:.0}"));
        numbers.count("neural.record.threads", threads);
    }
    numbers.add(
        "neural.record.kilobytes",
        format!("{:.0}", summary.bytes as f64 / 1024.0),
    );
    for (generation, record) in [
        ("gen1", neural::FIRST_GENERATION_RECORD),
        ("gen2", neural::SECOND_GENERATION_RECORD),
    ] {
        let summary = neural::read_summary(record)?;
        numbers.count(
            format!("neural.{generation}.positions"),
            summary.training + summary.held_out,
        );
        if let Some(last) = searchlab_lab::train::read_losses(record)?.last() {
            numbers.count(format!("neural.{generation}.epochs"), last.epoch as u64);
        }
    }
    let losses = neural::default_losses()?;
    let mut six_places: Vec<(String, f64)> = Vec::new();
    if let (Some(first), Some(last)) = (losses.first(), losses.last()) {
        numbers.count("neural.record.epochs", last.epoch as u64);
        six_places.extend([
            (
                "neural.record.first_validation".into(),
                first.validation_loss,
            ),
            ("neural.record.last_validation".into(), last.validation_loss),
            ("neural.record.first_training".into(), first.training_loss),
            ("neural.record.last_training".into(), last.training_loss),
        ]);
    }
    for size in neural::read_hidden_sizes(neural::HIDDEN_SIZES)? {
        let key = format!("neural.hidden.h{}", size.hidden);
        six_places.push((format!("{key}.validation"), size.validation_loss));
        numbers.add(
            format!("{key}.seconds"),
            format!("{:.0}", size.train_seconds),
        );
        numbers.count(format!("{key}.per_node"), size.per_node().round() as u64);
    }
    for (key, loss) in six_places {
        numbers.add(key, format!("{loss:.6}"));
    }
    let network = searchlab_engine::eval::neural::default_network();
    let scale = neural::compare_with_handwritten(&network, neural::SAMPLE)?;
    numbers.count("neural.sample.positions", scale.positions as u64);
    for (key, centipawns) in [
        ("neural.sample.network_size", scale.network_mean_size),
        (
            "neural.sample.handwritten_size",
            scale.handwritten_mean_size,
        ),
        ("neural.sample.difference", scale.mean_difference),
    ] {
        numbers.add(key, format!("{centipawns:.0}"));
    }
    numbers.add(
        "neural.sample.same_side",
        format!("{:.0}%", 100.0 * scale.same_side),
    );
    Ok(())
}
