//! Adam, the optimiser both of the crate's learners use: the Texel tuner
//! ([`crate::tune`]) and the network trainer ([`crate::train`]).

// ANCHOR: adam
/// Adam (Kingma and Ba, 2015): gradient descent whose step for each weight is its gradient's
/// running mean divided by the square root of its running mean square. A weight whose
/// gradient is small but steady moves as fast as one whose gradient is large; one whose
/// gradient flips sign moves little. `rate` is about the largest step a weight takes.
#[derive(Clone, Debug, PartialEq)]
pub struct Adam {
    /// The step size.
    pub rate: f64,
    mean: Vec<f64>,
    square: Vec<f64>,
    steps: i32,
}

impl Adam {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;

    /// A fresh optimiser for `count` weights.
    pub fn new(count: usize, rate: f64) -> Adam {
        Adam {
            rate,
            mean: vec![0.0; count],
            square: vec![0.0; count],
            steps: 0,
        }
    }

    /// One step of `weights` against `gradient` (both as long as the optimiser was made for).
    pub fn step(&mut self, weights: &mut [f64], gradient: &[f64]) {
        self.steps += 1;
        let bias1 = 1.0 - Self::BETA1.powi(self.steps);
        let bias2 = 1.0 - Self::BETA2.powi(self.steps);
        let moments = self.mean.iter_mut().zip(self.square.iter_mut());
        for ((w, &g), (m, v)) in weights.iter_mut().zip(gradient).zip(moments) {
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= self.rate * (*m / bias1) / ((*v / bias2).sqrt() + Self::EPSILON);
        }
    }
}
// ANCHOR_END: adam

impl Adam {
    /// What a checkpoint keeps of the optimiser: the steps taken and both running means.
    pub fn state(&self) -> (i32, &[f64], &[f64]) {
        (self.steps, &self.mean, &self.square)
    }

    /// The optimiser a checkpoint kept ([`Adam::state`]); `None` if the means' lengths differ.
    pub fn from_state(rate: f64, steps: i32, mean: Vec<f64>, square: Vec<f64>) -> Option<Adam> {
        (mean.len() == square.len()).then_some(Adam {
            rate,
            mean,
            square,
            steps,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adam_walks_down_a_bowl() {
        // (x − 3)² + (y + 1)²: the gradient is 2(x − 3), 2(y + 1).
        let mut point = [0.0, 0.0];
        let mut adam = Adam::new(2, 0.1);
        for _ in 0..500 {
            let gradient = [2.0 * (point[0] - 3.0), 2.0 * (point[1] + 1.0)];
            adam.step(&mut point, &gradient);
        }
        assert!(
            (point[0] - 3.0).abs() < 0.01 && (point[1] + 1.0).abs() < 0.01,
            "{point:?}"
        );
        let (steps, mean, square) = adam.state();
        let copy = Adam::from_state(0.1, steps, mean.to_vec(), square.to_vec()).unwrap();
        assert_eq!(copy, adam);
    }
}
